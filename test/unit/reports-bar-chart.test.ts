// The bar chart renderer: bars scaled to the largest value in eighth blocks, every line within the
// width, and colour only where the caller paints it.
import { describe, expect, it } from 'vitest';
import { renderBarChart } from '../../src/reports/bar-chart.js';

describe('renderBarChart', () => {
  it('scales to the largest value in eighths of a cell, labels and values aligned', () => {
    // Width 14: label 1 + space + 10 cells + space + value 1.
    const lines = renderBarChart([
      { label: 'a', value: 80, text: '8' },
      { label: 'b', value: 40, text: '4' },
      { label: 'c', value: 3, text: '3' }, // 3/80 of 80 eighths: 3 eighths
      { label: 'd', value: 0.1, text: '0' }, // too small to see: one eighth, so it is not mistaken for none
      { label: 'e', value: 0, text: '0' },
      { label: 'f', value: -5, text: '-' },
    ], 14);
    expect(lines).toEqual([
      'a ██████████ 8',
      'b █████      4',
      'c ▍          3',
      'd ▏          0',
      'e            0',
      'f            -',
    ]);
  });

  it('keeps every line within a wide terminal, and paints only the bars', () => {
    const bars = [{ label: '2025-11-03', value: 20000, text: '200.00' }, { label: '2025-11-10', value: 8030, text: '80.30' }];
    const lines = renderBarChart(bars, 60, (text) => `<${text}>`);
    // 60 - 10 - 6 - 2 = 42 cells; 8030 / 20000 of 336 eighths = 134.9, so 135: 16 cells and 7 eighths.
    expect(lines).toEqual([`2025-11-03 <${'█'.repeat(42)}> 200.00`, `2025-11-10 <${'█'.repeat(16)}▉>${' '.repeat(25)}  80.30`]);
    const plain = renderBarChart(bars, 60);
    for (const line of plain) expect(line.length).toBeLessThanOrEqual(60);
  });
});
