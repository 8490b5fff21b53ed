export { noFigures } from "./figures.js";
export { deviceFigures, sourceFiguresByDay, sourceFiguresByDayAndShop } from "./report-figures.js";
