import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { type PayAnnouncement, shownSkin } from "@washboard/shared";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnnouncementPopup } from "./AnnouncementPopup";
import { SEEN_KEY, seenAnnouncements } from "./seen";
import { nextAnnouncement, useAnnouncementPopup } from "./useAnnouncementPopup";

const news = (id: number, overrides: Partial<PayAnnouncement> = {}): PayAnnouncement => ({
  id,
  title: `News ${id}`,
  body: "Line one\nLine two",
  button_text: "",
  skin: "dark_green",
  animation: "shake",
  ...overrides,
});
const labels = { ok: "Got it", close: "Close" };

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe("the popup over the pay page", () => {
  it("is a modal dialog named by its title: the button takes the focus, Tab stays inside, Escape closes, the focus goes back", () => {
    const outside = document.createElement("button");
    document.body.append(outside);
    outside.focus();
    let closed = 0;
    const { unmount } = render(
      <AnnouncementPopup
        announcement={news(1)}
        skin="dark_green"
        animation="shake"
        labels={labels}
        onClose={() => closed++}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "News 1" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.getAttribute("aria-describedby")).toBe(screen.getByTestId("announcement-body").id);
    expect(dialog.className).toBe("wb-popup wb-popup-skin-dark_green wb-popup-anim-shake");
    const ok = screen.getByTestId("announcement-ok");
    expect(ok.textContent).toBe("Got it");
    expect(document.activeElement).toBe(ok);
    // The body keeps its line break (white-space: pre-line draws it).
    expect(screen.getByTestId("announcement-body").textContent).toBe("Line one\nLine two");

    fireEvent.keyDown(dialog, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
    fireEvent.keyDown(dialog, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(ok);

    fireEvent.keyDown(document, { key: "Escape" });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    fireEvent.click(ok);
    expect(closed).toBe(3);
    unmount();
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it("in the console's preview takes neither the focus nor the page's keys", () => {
    let closed = 0;
    render(
      <AnnouncementPopup
        contained
        announcement={news(2, { button_text: "Nice" })}
        skin="sky_blue"
        animation="fade"
        labels={labels}
        onClose={() => closed++}
      />,
    );
    expect(screen.getByTestId("announcement-popup").getAttribute("aria-modal")).toBe("false");
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(closed).toBe(0);
    expect(screen.getByTestId("announcement-ok").textContent).toBe("Nice");
  });
});

describe("once per announcement per browser", () => {
  function Page({ announcements }: { announcements: PayAnnouncement[] | undefined }) {
    const popup = useAnnouncementPopup(announcements);
    return popup.showing ? (
      <AnnouncementPopup
        announcement={popup.showing.announcement}
        skin={popup.showing.skin}
        animation={popup.showing.announcement.animation}
        labels={labels}
        onClose={popup.dismiss}
      />
    ) : null;
  }
  /** The page before its answer, then with it: as the pay page's polling does. */
  function Visit({ answer }: { answer: PayAnnouncement[] }) {
    const [announcements, setAnnouncements] = useState<PayAnnouncement[] | undefined>(undefined);
    return (
      <>
        <button type="button" onClick={() => setAnnouncements(answer)}>
          answer
        </button>
        <Page announcements={announcements} />
      </>
    );
  }
  const visit = (answer: PayAnnouncement[]) => {
    const view = render(<Visit answer={answer} />);
    act(() => fireEvent.click(screen.getByText("answer")));
    return view;
  };

  it("shows the newest not yet shown, one a visit, and never again after a reload", () => {
    const first = visit([news(7), news(5)]);
    expect(screen.getByTestId("announcement-title").textContent).toBe("News 7");
    fireEvent.click(screen.getByTestId("announcement-ok"));
    expect(screen.queryByTestId("announcement-popup")).toBeNull();
    first.unmount();
    expect(JSON.parse(window.localStorage.getItem(SEEN_KEY) ?? "[]")).toEqual([7]);

    // The next visit: the older one; then none.
    const second = visit([news(7), news(5)]);
    expect(screen.getByTestId("announcement-title").textContent).toBe("News 5");
    second.unmount();
    visit([news(7), news(5)]);
    expect(screen.queryByTestId("announcement-popup")).toBeNull();
  });

  it("a random skin is one of the three, picked per showing", () => {
    expect(shownSkin("random", () => 0)).toBe("grey_white");
    expect(shownSkin("random", () => 0.5)).toBe("dark_green");
    expect(shownSkin("random", () => 0.999)).toBe("sky_blue");
    expect(shownSkin("sky_blue", () => 0)).toBe("sky_blue");
    visit([news(3, { skin: "random" })]);
    expect(["grey_white", "dark_green", "sky_blue"]).toContain(screen.getByTestId("announcement-popup").dataset.skin);
  });

  it("a browser that keeps nothing still shows each once a page", () => {
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    } as unknown as Storage;
    const seen = seenAnnouncements(refusing);
    expect(nextAnnouncement([news(1)], seen)?.id).toBe(1);
    seen.add(1);
    expect(nextAnnouncement([news(1)], seen)).toBeUndefined();
  });
});
