import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/index.js';

// chart.js comes in its own chunk, asked for when the dashboard draws (never in a shopper's load,
// nor in the console's first screen): only the pieces a bar-and-line chart needs are registered.
async function loadChart() {
  const {
    BarController,
    BarElement,
    CategoryScale,
    Chart,
    Legend,
    LinearScale,
    LineController,
    LineElement,
    PointElement,
    Tooltip,
  } = await import('chart.js');
  Chart.register(
    BarController,
    BarElement,
    CategoryScale,
    Legend,
    LinearScale,
    LineController,
    LineElement,
    PointElement,
    Tooltip,
  );
  return Chart;
}

/** Sales (bars, NZD) and orders (line) per day: days = [{ date, sales, orders }]. */
export default function SalesChart({ days }) {
  const t = useT();
  const canvas = useRef(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let chart = null;
    let gone = false;
    loadChart().then((Chart) => {
      if (gone || !canvas.current) return;
      chart = new Chart(canvas.current, {
        data: {
          labels: days.map((d) => d.date.slice(5)),
          datasets: [
            {
              type: 'bar',
              label: t('adminOrders.dashboard.salesSeries'),
              data: days.map((d) => d.sales),
              backgroundColor: 'rgba(225, 29, 72, 0.5)',
              yAxisID: 'sales',
            },
            {
              type: 'line',
              label: t('adminOrders.dashboard.ordersSeries'),
              data: days.map((d) => d.orders),
              borderColor: '#111827',
              yAxisID: 'orders',
            },
          ],
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: {
            sales: { position: 'left', beginAtZero: true },
            orders: { position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, ticks: { precision: 0 } },
          },
        },
      });
      setReady(true);
    });
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [days, t]);
  return (
    <div className="relative h-64" data-testid="sales-chart" data-ready={ready ? 'true' : 'false'}>
      {!ready && <p className="text-sm text-gray-500">{t('adminOrders.dashboard.chartLoading')}</p>}
      <canvas ref={canvas} role="img" aria-label={t('adminOrders.dashboard.sales')} />
    </div>
  );
}
