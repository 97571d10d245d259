/** One figure a bench checked against its target. */
export interface BenchFigure {
  readonly name: string;
  /** As the bench printed it: a ratio to its baseline (with p99 where the target names one), or a rate. */
  readonly measured: string;
  readonly target: string;
  readonly met: boolean;
}

const VERDICT = /^(.*?):?\s*(NOT MET|not met|met)$/i;

/**
 * The figures in a bench's output: each row of its markdown tables whose last cell is a target
 * with its verdict (`>= 0.6x: met`), and each `target ...: met` line of the benches that print
 * lines rather than tables.
 */
export function figuresOf(output: string): BenchFigure[] {
  const figures: BenchFigure[] = [];
  for (const line of output.split('\n')) {
    const text = line.trim();
    if (text.startsWith('|')) {
      const cells = text
        .slice(1, text.endsWith('|') ? -1 : undefined)
        .split('|')
        .map((cell) => cell.trim());
      const verdict = VERDICT.exec(cells.at(-1) ?? '');
      const ratio = cells.find((cell) => /^\d+(\.\d+)?x\b/.test(cell));
      if (verdict === null || ratio === undefined || cells.length < 3) continue;
      const target = verdict[1] ?? '';
      // Tables of eight columns have p99 in the fourth; a target on p99 shows it beside the ratio.
      const p99 = cells.length === 8 && /p99/.test(target) ? `, p99 ${cells[3]} ms` : '';
      figures.push({
        name: cells[0] ?? '',
        measured: `${ratio.split(' (')[0] ?? ratio}${p99}`,
        target,
        met: (verdict[2] ?? '').toLowerCase() === 'met',
      });
      continue;
    }
    const line_ = /^ratio:\s+(.*?);\s*target (.*?):\s*(met|not met)$/i.exec(text);
    if (line_ !== null)
      figures.push({
        name: 'settlement reconciliation, one worker',
        measured: line_[1] ?? '',
        target: line_[2] ?? '',
        met: (line_[3] ?? '').toLowerCase() === 'met',
      });
  }
  return figures;
}
