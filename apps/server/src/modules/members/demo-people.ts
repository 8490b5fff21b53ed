import { wallClockParts, zonedDayStart } from "@washboard/shared";

/**
 * Who the demo's members are and when they come: names as customers of a Kuala Lumpur or a Bangkok
 * laundry give them (Malay, Chinese and Indian names in Malaysia; Thai given and family names in
 * Thai script in Thailand), and moments at hours a laundry is open where the vendor is.
 */

const MALAY_MEN = [
  "Muhammad Hafiz",
  "Ahmad Faiz",
  "Mohd Azlan",
  "Amirul Hakim",
  "Syafiq",
  "Khairul Anuar",
  "Firdaus",
  "Haziq",
  "Iskandar",
  "Zulkifli",
];
const MALAY_WOMEN = [
  "Nur Aisyah",
  "Farah Nadia",
  "Aina Sofea",
  "Nur Syazwani",
  "Nabila",
  "Fatin Nabilah",
  "Balqis",
  "Hidayah",
  "Amira",
  "Siti Khadijah",
];
const MALAY_FATHERS = [
  "Abdullah",
  "Ismail",
  "Rahman",
  "Hassan",
  "Yusof",
  "Othman",
  "Ibrahim",
  "Kamal",
  "Razak",
  "Sulaiman",
  "Hamzah",
  "Zainal",
];
const CHINESE_SURNAMES = [
  "Tan",
  "Lim",
  "Lee",
  "Wong",
  "Ng",
  "Chong",
  "Ong",
  "Teh",
  "Goh",
  "Chan",
  "Yap",
  "Khoo",
  "Low",
  "Cheah",
];
const CHINESE_GIVEN = [
  "Wei Ling",
  "Chee Keong",
  "Mei Yee",
  "Jun Hao",
  "Kah Wai",
  "Siew Lan",
  "Zi Xuan",
  "Boon Hock",
  "Hui Min",
  "Jia Hui",
  "Kok Leong",
  "Pei Shan",
  "Yong Sheng",
  "Xin Yi",
];
const INDIAN_MEN = ["Arun Kumar", "Suresh", "Ganesh", "Prakash", "Ravi", "Vikneswaran", "Thinesh", "Kavin", "Darshan"];
const INDIAN_WOMEN = ["Priya", "Kavitha", "Deepa", "Lakshmi", "Shalini", "Nisha", "Revathi", "Thivya", "Anusha"];
const INDIAN_FATHERS = [
  "Subramaniam",
  "Rajendran",
  "Muniandy",
  "Krishnan",
  "Ramasamy",
  "Govindasamy",
  "Nadarajah",
  "Selvaraj",
  "Arumugam",
];

const THAI_GIVEN = [
  "สมชาย",
  "สมศักดิ์",
  "วิชัย",
  "ประเสริฐ",
  "ธนพล",
  "ณัฐวุฒิ",
  "กิตติศักดิ์",
  "อนุชา",
  "พงศกร",
  "ธีรวัฒน์",
  "อภิชาติ",
  "สุภาพร",
  "วนิดา",
  "กมลชนก",
  "ปิยะนุช",
  "ศิริพร",
  "อรอุมา",
  "ณัฐธิดา",
  "พิมพ์ชนก",
  "ชลธิชา",
  "นภัสสร",
  "รัตนา",
];
const THAI_FAMILY = [
  "ใจดี",
  "ศรีสุข",
  "วงศ์สวัสดิ์",
  "แสงทอง",
  "บุญมา",
  "ทองดี",
  "สุขประเสริฐ",
  "เพชรรัตน์",
  "จันทร์แก้ว",
  "พึ่งบุญ",
  "รุ่งเรือง",
  "ชัยมงคล",
  "อินทรประเสริฐ",
  "สมบูรณ์ชัย",
  "ธนากร",
  "กิตติวงศ์",
  "พรหมมา",
  "วัฒนาพร",
  "ศรีวงศ์",
  "มั่นคง",
];

const pick = <T>(list: readonly T[], next: () => number): T => list[Math.floor(next() * list.length)] as T;

/** One Malaysian name: about half Malay, a third Chinese, the rest Indian, as in Kuala Lumpur. */
function malaysianName(next: () => number): string {
  const roll = next();
  const woman = next() < 0.5;
  if (roll < 0.5) {
    return `${pick(woman ? MALAY_WOMEN : MALAY_MEN, next)} ${woman ? "binti" : "bin"} ${pick(MALAY_FATHERS, next)}`;
  }
  if (roll < 0.82) return `${pick(CHINESE_SURNAMES, next)} ${pick(CHINESE_GIVEN, next)}`;
  return `${pick(woman ? INDIAN_WOMEN : INDIAN_MEN, next)} ${woman ? "a/p" : "a/l"} ${pick(INDIAN_FATHERS, next)}`;
}

/**
 * A vendor's members' names, `count` of them and no two alike: Thai for a vendor in baht,
 * Malaysian otherwise (the demo has a Kuala Lumpur and a Bangkok vendor).
 */
export function demoMemberNames(currency: string, count: number, next: () => number): string[] {
  const draw =
    currency === "THB" ? () => `${pick(THAI_GIVEN, next)} ${pick(THAI_FAMILY, next)}` : () => malaysianName(next);
  const names = new Set<string>();
  // The lists hold far more names than a vendor's members: a repeat is drawn again, a bounded number of times.
  for (let tries = 0; names.size < count && tries < count * 50; tries++) names.add(draw());
  return [...names];
}

/** The calendar date (YYYY-MM-DD) `daysAgo` days before `now` where the vendor is. */
function dateDaysAgo(now: number, daysAgo: number, timeZone: string): string {
  const p = wallClockParts(now - daysAgo * 86_400_000, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * An instant `daysAgo` days before `now`, at `hour` (fractional: 9.5 is 09:30) on the vendor's wall
 * clock, with the seconds given: when a customer came, as the vendor's reports show it.
 */
export function localMoment(now: number, daysAgo: number, hour: number, timeZone: string): Date {
  const dayStart = zonedDayStart(dateDaysAgo(now, daysAgo, timeZone), timeZone);
  return new Date(dayStart * 1000 + Math.floor(hour * 3_600_000));
}

/** When customers come to a laundry: from seven in the morning to eleven at night, most in the evening. */
export function laundryHour(next: () => number): number {
  const evening = next() < 0.45;
  return evening ? 17 + next() * 6 : 7 + next() * 10;
}
