// Sends per hour as plain SVG bars (no chart library): the last 24 hours that had sends, each bar labelled with
// its hour; the numbers are also in the image's accessible name.
import { useTranslation } from 'react-i18next'
import type { SendsPerHourDto } from '../../../src-preload/contract/campaigns-dto.js'
import { formatTime } from '../../lib/format.js'

const W = 300
const H = 120
const AXIS = 16
const MAX_BARS = 24

const hourLabel = formatTime

export function SendsChart({ buckets }: { buckets: SendsPerHourDto[] }) {
  const { t } = useTranslation()
  const shown = [...buckets].sort((a, b) => a.hour - b.hour).slice(-MAX_BARS)
  const max = Math.max(1, ...shown.map((b) => b.sent))
  const slot = W / Math.max(shown.length, 1)
  const bar = Math.max(2, Math.min(28, slot * 0.7))
  const label = shown.length ? t('campaigns.chart.label', { bars: shown.map((b) => `${hourLabel(b.hour)} ${b.sent}`).join(', ') }) : t('campaigns.chart.none')
  // Every label when they fit, else every few.
  const every = Math.ceil(shown.length / 6)
  return (
    <section className="chart-panel panel" aria-labelledby="chart-title">
      <h3 id="chart-title">{t('campaigns.chart.title')}</h3>
      {shown.length ? (
        <svg className="sends-chart" viewBox={`0 0 ${W} ${H + AXIS}`} role="img" aria-label={label} preserveAspectRatio="xMidYMid meet" data-testid="sends-chart">
          <line x1={0} y1={H} x2={W} y2={H} className="axis" />
          {shown.map((b, i) => {
            const h = Math.round((b.sent / max) * (H - 14))
            const x = i * slot + (slot - bar) / 2
            return (
              <g key={b.hour} data-hour={b.hour}>
                <rect x={x} y={H - h} width={bar} height={h} rx={2} className="bar" />
                <text x={x + bar / 2} y={H - h - 3} textAnchor="middle" className="bar-value">
                  {b.sent}
                </text>
                {i % every === 0 ? (
                  <text x={x + bar / 2} y={H + 12} textAnchor="middle" className="bar-label">
                    {hourLabel(b.hour)}
                  </text>
                ) : null}
              </g>
            )
          })}
        </svg>
      ) : (
        <p className="empty">{t('campaigns.chart.empty')}</p>
      )}
    </section>
  )
}
