/**
 * /admin: this month at a glance (orders, revenue in USD and KES, seats, sign-ups), orders and
 * sign-ups per week, upcoming intakes and events, the latest orders, and the maintenance switch.
 * Every figure is computed in the database (admin_dashboard), never from downloaded rows.
 */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/money';
import { formatIntakeDates } from '../../lib/intake-dates';
import { formatDateTime, formatMonth, formatWeek } from '../../lib/staff-time';
import type { Dashboard as Figures } from './api/get-dashboard';
import { MaintenanceSwitch } from './maintenance-switch';
import './dashboard.css';

const WeeklyChart = lazy(() => import('./weekly-chart'));

/** `figures`: what the route's clientLoader read (admin_dashboard). */
export function Dashboard({ figures }: { figures: Figures }) {
  const month = figures.orders_this_month;
  return (
    <>
      <h1>Dashboard</h1>
      <section aria-labelledby="month-heading">
        <h2 id="month-heading">{formatMonth(figures.month_start)}</h2>
        <dl className="dashboard__figures">
          <div>
            <dt>Orders</dt>
            <dd data-testid="orders-this-month">{month.count}</dd>
            <dd className="dashboard__note">{month.pending} awaiting payment</dd>
          </div>
          <div>
            <dt>Revenue received</dt>
            <dd>{formatMoney(month.paid_usd, 'USD', { cents: true })}</dd>
            <dd>{formatMoney(month.paid_kes, 'KES', { cents: true })}</dd>
          </div>
          <div>
            <dt>Value booked</dt>
            <dd>{formatMoney(month.booked_usd, 'USD', { cents: true })}</dd>
            <dd>{formatMoney(month.booked_kes, 'KES', { cents: true })}</dd>
          </div>
          <div>
            <dt>Seats booked</dt>
            <dd data-testid="seats-this-month">{figures.seats_this_month}</dd>
          </div>
          <div>
            <dt>New subscribers (confirmed)</dt>
            <dd>{figures.subscribers_this_month}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="weeks-heading" className="dashboard__panel">
        <h2 id="weeks-heading">Orders and sign-ups per week</h2>
        <Suspense fallback={<p>Loading the chart…</p>}>
          <WeeklyChart weeks={figures.weeks} />
        </Suspense>
        <details>
          <summary>The figures per week</summary>
          <table className="dashboard__table">
            <caption className="visually-hidden">Orders and sign-ups per week</caption>
            <thead>
              <tr>
                <th scope="col">Week</th>
                <th scope="col">Orders</th>
                <th scope="col">Sign-ups</th>
              </tr>
            </thead>
            <tbody>
              {figures.weeks.map((week) => (
                <tr key={week.week_start}>
                  <td>{formatWeek(week.week_start)}</td>
                  <td>{week.orders}</td>
                  <td>{week.subscribers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>

      <div className="dashboard__columns">
        <section aria-labelledby="intakes-heading" className="dashboard__panel">
          <h2 id="intakes-heading">Upcoming intakes</h2>
          {figures.upcoming_intakes.length === 0 ? (
            <p>No intakes are scheduled.</p>
          ) : (
            <ul>
              {figures.upcoming_intakes.map((intake) => (
                <li key={intake.id}>
                  {intake.title}: {formatIntakeDates(intake.starts_on, intake.ends_on)}, {intake.seats_left} of{' '}
                  {intake.capacity} seats left{intake.is_published ? '' : ' (unpublished)'}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="events-heading" className="dashboard__panel">
          <h2 id="events-heading">Upcoming events</h2>
          {figures.upcoming_events.length === 0 ? (
            <p>No events are scheduled.</p>
          ) : (
            <ul>
              {figures.upcoming_events.map((event) => (
                <li key={event.id}>
                  {event.title}: {formatDateTime(event.starts_at)}, {event.venue}
                  {event.is_published ? '' : ' (unpublished)'}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="recent-heading" className="dashboard__panel">
        <h2 id="recent-heading">Recent orders</h2>
        {figures.recent_orders.length === 0 ? (
          <p>No orders yet.</p>
        ) : (
          <ul>
            {figures.recent_orders.map((order) => (
              <li key={order.id}>
                <Link to={`/admin/orders/${order.id}`}>{order.reference}</Link>: {order.customer_name}
                {order.organisation ? ` (${order.organisation})` : ''},{' '}
                {order.currency === 'KES'
                  ? formatMoney(order.total_kes, 'KES', { cents: true })
                  : formatMoney(order.total_usd, 'USD', { cents: true })}
                , {order.status}
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/admin/orders">All orders</Link>
        </p>
      </section>

      <MaintenanceSwitch active={figures.maintenance_active} />
    </>
  );
}
