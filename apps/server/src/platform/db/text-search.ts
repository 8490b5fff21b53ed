/** A LIKE pattern that matches the text literally anywhere in the value. */
export function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
