import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { OrderGrade, OrderGradeRequest, ProductComments } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';
import { sessionKeys } from '../session/session.api.ts';

/** Reviews and grades (issue 31; docs/storefront-features.md): the order's grade and a product's comments. */
export const gradeKeys = {
  order: (orderId: string) => [...sessionKeys.all, 'grades', 'order', orderId] as const,
  comments: (productId: string) => ['grades', 'comments', productId] as const,
};

const orderGradePath = (orderId: string) => `/orders/v1/orders/${encodeURIComponent(orderId)}/grade`;

/** `GET /orders/v1/orders/{id}/grade` (WITH_TOKEN): the grade given and whether it may be given (or changed) now. */
export const fetchOrderGrade = (orderId: string, signal?: AbortSignal): Promise<OrderGrade> =>
  http<OrderGrade>(orderGradePath(orderId), { auth: true, signal });

/** `PUT /orders/v1/orders/{id}/grade` (WITH_TOKEN). */
export const saveOrderGrade = (orderId: string, body: OrderGradeRequest): Promise<OrderGrade> =>
  http<OrderGrade>(orderGradePath(orderId), { method: 'PUT', auth: true, body });

export const orderGradeQuery = (orderId: string) =>
  queryOptions({ queryKey: gradeKeys.order(orderId), queryFn: ({ signal }) => fetchOrderGrade(orderId, signal), retry: false });

/** `GET /products/v1/{id}/comments?page` : ten a page, newest first. */
export const fetchProductComments = (productId: string, page: number, signal?: AbortSignal): Promise<ProductComments> =>
  http<ProductComments>(`/products/v1/${encodeURIComponent(productId)}/comments`, { signal, query: { page } });

export const productCommentsQuery = (productId: string) =>
  infiniteQueryOptions({
    queryKey: gradeKeys.comments(productId),
    queryFn: ({ pageParam, signal }) => fetchProductComments(productId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ProductComments) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
