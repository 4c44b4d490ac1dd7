import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { DishIcon } from '../ui/icons.tsx';
import { useTableSeat } from './table-seat.ts';

/**
 * The bar of a visitor seated at a table (issue 32): which table, and the way to the table's page (the waiter, the
 * bill). Nothing for everyone else, and nothing in a page drawn on the server (the seat is the tab's).
 */
export function TableBar() {
  const { t } = useTranslation();
  const seat = useTableSeat();
  const { pathname } = useLocation();
  if (!seat || pathname === '/table') return null;
  return (
    <div data-testid="table-bar" className="border-b border-line bg-brand/10">
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-2 text-[14px]">
        <DishIcon size={18} className="shrink-0" />
        <span className="min-w-0 flex-1 truncate font-semibold">{t('table.name', { name: seat.table.name })}</span>
        <Link to="/table" data-testid="table-bar-open" className="shrink-0 rounded-full bg-surface px-3 py-1.5 font-bold shadow-sm">
          {t('table.barAction')}
        </Link>
      </div>
    </div>
  );
}
