// A series drawn as horizontal bars under its table, for a person at a terminal: one line per
// interval, the bar in Unicode eighth blocks scaled to the largest value, the line fitting `width`.
import displayWidth from 'string-width';

export interface Bar {
  label: string;
  /** What the bar's length is made from (cents, counts); 0 or less draws no bar. */
  value: number;
  /** What is printed after the bar. */
  text: string;
}

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
const FULL = '█';
const MIN_BAR = 10;

/** `units` eighths of a cell as blocks: 8 per full cell, the rest as one partial block. */
function blocks(units: number): string {
  return FULL.repeat(Math.floor(units / 8)) + EIGHTHS[units % 8];
}

/** The chart's lines, without a trailing newline; `paint` colours the bars (identity without colour). */
export function renderBarChart(bars: readonly Bar[], width: number, paint: (text: string) => string = (text) => text): string[] {
  const labelWidth = Math.max(0, ...bars.map((bar) => displayWidth(bar.label)));
  const textWidth = Math.max(0, ...bars.map((bar) => displayWidth(bar.text)));
  // label, a space, the bar, a space, the text.
  const barWidth = Math.max(MIN_BAR, width - labelWidth - textWidth - 2);
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  return bars.map((bar) => {
    const units = largest <= 0 || bar.value <= 0 ? 0 : Math.max(1, Math.round((bar.value / largest) * barWidth * 8));
    const drawn = blocks(units);
    const padding = ' '.repeat(barWidth - Math.ceil(units / 8));
    const labelPad = ' '.repeat(labelWidth - displayWidth(bar.label));
    const textPad = ' '.repeat(textWidth - displayWidth(bar.text));
    return `${bar.label}${labelPad} ${drawn ? paint(drawn) : ''}${padding} ${textPad}${bar.text}`.trimEnd();
  });
}
