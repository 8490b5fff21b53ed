export type ToastKind = "error" | "success" | "warning";

/** The mark inside each icon's circle: a cross, a tick, an exclamation mark. */
const MARKS: Record<ToastKind, string> = {
  error: "M8.5 8.5l7 7M15.5 8.5l-7 7",
  success: "M7.5 12.5l3 3 6-6.5",
  warning: "M12 7v6.5M12 16.5v.5",
};

const SVG = "http://www.w3.org/2000/svg";

/**
 * A toast's icon: a circle in the kind's colour (`currentColor`, set by the stylesheet) with a white
 * mark, so the kind shows by shape as well as by colour. Built as DOM nodes, like the toast itself.
 */
export function toastIcon(kind: ToastKind): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "toast-icon");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.dataset.kind = kind;
  const circle = document.createElementNS(SVG, "circle");
  for (const [name, value] of Object.entries({ cx: "12", cy: "12", r: "11", fill: "currentColor" })) {
    circle.setAttribute(name, value);
  }
  const mark = document.createElementNS(SVG, "path");
  const markAttributes = {
    d: MARKS[kind],
    fill: "none",
    stroke: "#fff",
    "stroke-width": "2.4",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  };
  for (const [name, value] of Object.entries(markAttributes)) mark.setAttribute(name, value);
  svg.append(circle, mark);
  return svg;
}
