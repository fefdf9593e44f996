/**
 * Keyboard for a roving-focus list (one tab stop, the WAI-ARIA listbox pattern): the arrow keys move to the next
 * or previous item (wrapping), Home and End to the first and last, Space and Enter activate the item.
 */

/** What a key press on item `i` of `n` means: move focus to an index, activate the item, or nothing (null). */
export function rovingKey(key: string, i: number, n: number): { move: number } | "activate" | null {
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
      return { move: (i + 1) % n };
    case "ArrowLeft":
    case "ArrowUp":
      return { move: (i - 1 + n) % n };
    case "Home":
      return { move: 0 };
    case "End":
      return { move: n - 1 };
    case " ":
    case "Enter":
      return "activate";
    default:
      return null;
  }
}
