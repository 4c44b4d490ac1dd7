import { Navigate, useRoutes } from 'react-router';
import { AddressBookPage } from './address-book-page.tsx';
import { AddressCreatePage } from './address-create-page.tsx';

/**
 * `/profile/address/*`: the address book and the new-address page, one file of code for both (the route table
 * of the first screen carries one entry for them). An unknown address below goes back to the book.
 */
export function AddressPages() {
  return useRoutes([
    { index: true, element: <AddressBookPage /> },
    { path: 'create', element: <AddressCreatePage /> },
    { path: '*', element: <Navigate to="/profile/address" replace /> },
  ]);
}
