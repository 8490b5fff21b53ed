import { type ExportCell, sheetName } from "@washboard/shared";
import { Zip, ZipDeflate } from "fflate";

/**
 * An Excel workbook of one sheet written row by row: the smallest SpreadsheetML package (content
 * types, relationships, a workbook, a style sheet with a bold font, the sheet) zipped as it is
 * written. Each call hands back the zip's bytes for what it was given, so the caller decides when
 * to go on — exceljs's streaming writer buffers its zip and does not wait for a slow reader.
 * Strings are inline (no shared-strings table growing with the file); the header row is bold and
 * frozen. Figures are numbers in their number format; the style sheet that holds those formats is
 * written last, once the rows have said which they use.
 */
export class XlsxStream {
  private readonly out: Uint8Array[] = [];
  private readonly zip = new Zip((error, chunk) => {
    if (error) throw error;
    this.out.push(chunk);
  });
  private readonly sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
  private rowNumber = 0;
  /** Each number format met so far, with its cell style's index. */
  private readonly numFmtStyles = new Map<string, number>();

  /** The package's fixed parts and the sheet's start, up to and including the header row. */
  start(title: string, headers: readonly string[], width: (header: string) => number): Uint8Array[] {
    const fixed: [string, string][] = [
      ["[Content_Types].xml", CONTENT_TYPES],
      ["_rels/.rels", ROOT_RELS],
      ["xl/workbook.xml", workbookXml(sheetName(title))],
      ["xl/_rels/workbook.xml.rels", WORKBOOK_RELS],
    ];
    for (const [name, xml] of fixed) this.addPart(name, xml);
    this.zip.add(this.sheet);
    const cols = headers
      .map((h, i) => `<col min="${i + 1}" max="${i + 1}" width="${width(h)}" customWidth="1"/>`)
      .join("");
    this.sheet.push(
      encode(
        `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0">` +
          '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
          `<cols>${cols}</cols><sheetData>`,
      ),
    );
    return this.rows([headers], BOLD);
  }

  /** More rows: text as text cells, figures as numbers. */
  rows(rows: readonly (readonly ExportCell[])[], style = 0): Uint8Array[] {
    const xml = rows.map((cells) => this.rowXml(cells, style)).join("");
    this.sheet.push(encode(xml));
    return this.take();
  }

  /** The sheet's end, the style sheet and the zip's central directory. */
  end(): Uint8Array[] {
    this.sheet.push(encode("</sheetData></worksheet>"), true);
    this.addPart("xl/styles.xml", stylesXml([...this.numFmtStyles.keys()]));
    this.zip.end();
    return this.take();
  }

  private rowXml(cells: readonly ExportCell[], style: number): string {
    const r = ++this.rowNumber;
    const xml = cells.map((cell, i) => this.cellXml(cell, `${columnName(i)}${r}`, style)).join("");
    return `<row r="${r}">${xml}</row>`;
  }

  private cellXml(cell: ExportCell, ref: string, style: number): string {
    // An empty cell is left out, as spreadsheet programs write it.
    if (cell === "") return "";
    if (typeof cell === "string")
      return `<c r="${ref}" t="inlineStr"${styleAttribute(style)}><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`;
    const numFmtStyle = cell.numFmt === undefined ? 0 : this.numFmtStyle(cell.numFmt);
    return `<c r="${ref}"${styleAttribute(numFmtStyle)}><v>${cell.value}</v></c>`;
  }

  private numFmtStyle(numFmt: string): number {
    let style = this.numFmtStyles.get(numFmt);
    if (style === undefined) {
      style = FIRST_NUMBER_STYLE + this.numFmtStyles.size;
      this.numFmtStyles.set(numFmt, style);
    }
    return style;
  }

  private addPart(name: string, xml: string): void {
    const part = new ZipDeflate(name, { level: 6 });
    this.zip.add(part);
    part.push(encode(xml), true);
  }

  private take(): Uint8Array[] {
    return this.out.splice(0);
  }
}

const BOLD = 1;
/** Cell styles after BOLD are the number formats', in the order the rows met them. */
const FIRST_NUMBER_STYLE = 2;
/** Ids below 164 are Excel's built-in number formats. */
const FIRST_CUSTOM_NUMFMT = 164;
const styleAttribute = (style: number) => (style ? ` s="${style}"` : "");
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE = "application/vnd.openxmlformats-officedocument.spreadsheetml";

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${OFFICE}.sheet.main+xml"/>` +
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${OFFICE}.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${OFFICE}.styles+xml"/>` +
  "</Types>";

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

/** Style 0 is the default; style 1 (BOLD) the header's bold font; then one style per number format. */
function stylesXml(numFmts: readonly string[]): string {
  const id = (i: number) => FIRST_CUSTOM_NUMFMT + i;
  const formats = numFmts.map((code, i) => `<numFmt numFmtId="${id(i)}" formatCode="${xmlText(code)}"/>`).join("");
  const figures = numFmts
    .map((_, i) => `<xf numFmtId="${id(i)}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`)
    .join("");
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    (numFmts.length > 0 ? `<numFmts count="${numFmts.length}">${formats}</numFmts>` : "") +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${FIRST_NUMBER_STYLE + numFmts.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${figures}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    "</styleSheet>"
  );
}

function workbookXml(name: string): string {
  return (
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

const encoder = new TextEncoder();
const encode = (text: string) => encoder.encode(text);

/** XML text: the five special characters escaped, and the control characters XML 1.0 cannot hold dropped. */
function xmlText(value: string): string {
  return value.replace(/(?![\t\n\r])[\p{Cc}\ufffe\uffff]/gu, "").replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}
const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** A, B, … Z, AA, AB, …: the column of a zero-based index. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
