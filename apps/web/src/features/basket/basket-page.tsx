import { BasketView } from './basket-view.tsx';

/** /basket (docs/spec-index.md section 2): the basket as a page of the default layout. */
export function BasketPage() {
  return (
    <div data-testid="basket-page" className="pb-6">
      <BasketView />
    </div>
  );
}
