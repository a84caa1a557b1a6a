/*
 * A horizontal bar chart drawn as server-rendered SVG (docs/domain.md#dashboard): one row per
 * category, so it fits a phone as well as a desk, with labelled axes and each bar's value
 * written beside it. The SVG is a picture for the eye (aria-hidden); the same figures follow as
 * a visually hidden table for screen readers.
 */

export type BarRow = { key: string; label: string; value: number; valueLabel: string; tone?: string };

const WIDTH = 360;
const LABEL_RIGHT = 112;
const BAR_LEFT = LABEL_RIGHT + 6;
const BAR_RIGHT = WIDTH - 62;
const TOP = 20;
const ROW = 26;
const BAR = 16;

export function BarChart({
  id,
  rows,
  ticks,
  tickLabel,
  categoryLabel,
  axisLabel,
  valueHeader,
  tableCaption,
}: {
  id: string;
  rows: readonly BarRow[];
  /** The value axis, from 0 up to its last tick (axisTicks). */
  ticks: readonly number[];
  tickLabel: (value: number) => string;
  categoryLabel: string;
  axisLabel: string;
  valueHeader: string;
  tableCaption: string;
}) {
  const max = ticks[ticks.length - 1] || 1;
  const x = (value: number) => BAR_LEFT + (Math.max(0, value) / max) * (BAR_RIGHT - BAR_LEFT);
  const axisY = TOP + rows.length * ROW + 2;
  const height = axisY + 36;
  return (
    <>
      <svg
        className="bar-chart"
        viewBox={`0 0 ${WIDTH} ${height}`}
        width={WIDTH}
        height={height}
        aria-hidden="true"
        focusable="false"
        data-chart={id}
      >
        <text className="bar-chart__axis-title" x={LABEL_RIGHT} y={12} textAnchor="end">
          {categoryLabel}
        </text>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="bar-chart__grid" x1={x(tick)} x2={x(tick)} y1={TOP - 2} y2={axisY} />
            <text className="bar-chart__tick" x={x(tick)} y={axisY + 13} textAnchor="middle">
              {tickLabel(tick)}
            </text>
          </g>
        ))}
        <line className="bar-chart__axis" x1={BAR_LEFT} x2={BAR_RIGHT} y1={axisY} y2={axisY} />
        {rows.map((row, i) => {
          const y = TOP + i * ROW;
          const end = x(row.value);
          return (
            <g key={row.key}>
              <text className="bar-chart__label" x={LABEL_RIGHT} y={y + BAR / 2 + 4} textAnchor="end">
                {row.label}
              </text>
              <rect
                className={`bar-chart__bar${row.tone ? ` tone-${row.tone}` : ""}`}
                x={BAR_LEFT}
                y={y}
                width={Math.max(0, end - BAR_LEFT)}
                height={BAR}
                rx={2}
              >
                <title>{`${row.label}: ${row.valueLabel}`}</title>
              </rect>
              <text className="bar-chart__value" x={end + 4} y={y + BAR / 2 + 4}>
                {row.valueLabel}
              </text>
            </g>
          );
        })}
        <text className="bar-chart__axis-title" x={(BAR_LEFT + BAR_RIGHT) / 2} y={height - 4} textAnchor="middle">
          {axisLabel}
        </text>
      </svg>
      <table className="visually-hidden">
        <caption>{tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.valueLabel}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
