import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { followEventStream } from '@dasturxon/client';
import { useSearchParams } from 'react-router';
import {
  CHAT,
  MERCHANT_HEADER,
  chatPieces,
  formatDateWords,
  formatTimeOfDay,
  type ChatConversation,
  type ChatThread,
} from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { buildUrl, currentMerchantId, http } from '../../lib/http.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { getToken, useIsLoggedIn } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useShowFailure } from '../../shared/ui/failed-call.ts';
import { BellIcon } from '../../shared/ui/more-icons.tsx';
import { BackLink, LoadFailed } from '../../shared/ui/page-parts.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';

/**
 * New answers come live (`GET /chat/v1/stream`: a nudge, then the conversations are read again); while the stream is
 * down they are still read this often.
 */
const REFRESH_MS = 30_000;

const chatKeys = {
  list: ['chat', 'list'] as const,
  thread: (id: string) => ['chat', 'thread', id] as const,
};

/** `GET /chat/v1/conversations` (WITH_TOKEN). */
const conversationsQuery = () =>
  queryOptions({
    queryKey: chatKeys.list,
    queryFn: ({ signal }) => http<ChatConversation[]>('/chat/v1/conversations', { auth: true, signal }),
    refetchInterval: REFRESH_MS,
  });

/** `GET /chat/v1/conversations/{id}` (WITH_TOKEN): the newest page; opening it marks the answers read. */
const threadQuery = (id: string) =>
  queryOptions({
    queryKey: chatKeys.thread(id),
    queryFn: ({ signal }) => http<ChatThread>(`/chat/v1/conversations/${encodeURIComponent(id)}`, { auth: true, signal }),
    refetchInterval: REFRESH_MS,
  });

/** `POST /chat/v1/messages` (WITH_TOKEN). */
const postMessage = (text: string, orderId: string | null) =>
  http<ChatThread>('/chat/v1/messages', { method: 'POST', auth: true, body: { text, ...(orderId ? { orderId } : {}) } });

/**
 * `/profile/chat` (issue 32; docs/restaurant.md, "Chat"): the customer writes to the brand, in general or, from an
 * order's page (`?order=<id>`), about that order. Messages are shown as text only; web addresses as text set apart.
 * Only where the brand's `chatActive` is on.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const settings = useMerchantSettings();
  const loggedIn = useIsLoggedIn();
  if (!settings.chatActive)
    return (
      <div className="mx-auto w-full max-w-xl px-4 pt-10">
        <EmptyState testId="chat-off" framed icon={<BellIcon size={28} />} title={t('chat.off')} text="" />
      </div>
    );
  if (!loggedIn) return <LoginPrompt />;
  return <Chat />;
}

/** Follows the customer's chat stream while the page is open: each nudge, and each (re)connect, reads the chats again. */
function useChatLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['chat'] });
    const stream = followEventStream({
      url: buildUrl('/chat/v1/stream'),
      token: getToken,
      headers: (): Record<string, string> => {
        const merchantId = currentMerchantId();
        return merchantId ? { [MERCHANT_HEADER]: merchantId } : {};
      },
      onOpen: refresh,
      onEvent: refresh,
    });
    return () => stream.stop();
  }, [queryClient]);
}

function Chat() {
  const { t, language } = useTranslation();
  useChatLive();
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const list = useQuery(conversationsQuery());
  // The conversation shown: about the order asked for, else the open general one, else the latest.
  const open = (list.data ?? []).filter((c) => c.status === 'OPEN');
  const [picked, setPicked] = useState<string | null>(null);
  const current =
    (list.data ?? []).find((c) => c.id === picked) ??
    (orderId ? open.find((c) => c.orderId === orderId) : (open.find((c) => c.orderId === null) ?? list.data?.[0])) ??
    null;
  const aboutOrder = current ? (current.status === 'OPEN' ? current.orderId : null) : orderId;

  return (
    <div data-testid="chat-page" className="mx-auto flex w-full max-w-xl flex-col px-4 pt-3 pb-36">
      <BackLink to="/profile" label={t('addresses.backToProfile')} />
      <h1 className="mt-2 mb-3 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('chat.title')}</h1>
      {list.isPending ? (
        <PageSpinner />
      ) : list.error ? (
        <LoadFailed testId="chat-error" icon={<BellIcon size={28} />} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.data.length > 1 && (
            <div className="-mx-4 mb-3 flex gap-2 overflow-x-auto px-4 pb-1" role="tablist">
              {list.data.map((c) => (
                <button
                  key={c.id}
                  type="button"
                  role="tab"
                  aria-selected={c.id === current?.id}
                  data-testid="chat-conversation"
                  onClick={() => setPicked(c.id)}
                  className={`relative min-h-10 shrink-0 rounded-full border px-3.5 text-sm font-semibold ${
                    c.id === current?.id ? 'border-brand bg-brand text-on-brand' : 'border-line bg-surface'
                  } ${c.status === 'CLOSED' ? 'opacity-60' : ''}`}
                >
                  {c.orderNumber ? t('chat.aboutOrder', { number: c.orderNumber }) : t('chat.general')}
                  {c.unread > 0 && (
                    <span data-testid="chat-unread" className="ms-1.5 rounded-full bg-red-600 px-1.5 text-xs text-white">
                      {c.unread}
                    </span>
                  )}
                </button>
              ))}
            </div>
          )}
          {current ? (
            <Thread id={current.id} language={language} />
          ) : (
            <EmptyState testId="chat-empty" framed icon={<BellIcon size={28} />} title={t('chat.emptyTitle')} text={t('chat.emptyText')} />
          )}
          <Composer orderId={aboutOrder} onSent={(id) => setPicked(id)} />
        </>
      )}
    </div>
  );
}

function Thread({ id, language }: { id: string; language: ReturnType<typeof useTranslation>['language'] }) {
  const { t } = useTranslation();
  const thread = useQuery(threadQuery(id));
  if (thread.isPending) return <PageSpinner />;
  if (thread.error)
    return (
      <LoadFailed testId="chat-thread-error" icon={<BellIcon size={28} />} error={thread.error} onRetry={() => void thread.refetch()} />
    );
  return (
    <ol data-testid="chat-thread" className="flex flex-col gap-2" aria-live="polite">
      {thread.data.messages.map((m) => (
        <li
          key={m.id}
          data-testid="chat-message"
          data-author={m.author}
          className={`max-w-[85%] rounded-2xl px-3.5 py-2.5 ${
            m.author === 'CUSTOMER' ? 'ms-auto rounded-ee-md bg-brand text-on-brand' : 'me-auto rounded-es-md bg-surface-2'
          }`}
        >
          <p className="text-[15px] leading-snug break-words whitespace-pre-wrap">
            {chatPieces(m.text).map((p, i) =>
              p.link ? (
                <span key={i} className="underline decoration-dotted" dir="ltr">
                  {p.text}
                </span>
              ) : (
                <span key={i}>{p.text}</span>
              ),
            )}
          </p>
          <p className="mt-1 text-end text-[11px] opacity-70 tabular-nums">
            {formatDateWords(m.createdAt, language)} {formatTimeOfDay(m.createdAt)}
          </p>
        </li>
      ))}
      {thread.data.conversation.status === 'CLOSED' && (
        <li data-testid="chat-closed" className="mt-2 text-center text-sm text-muted">
          {t('chat.closed')}
        </li>
      )}
    </ol>
  );
}

function Composer({ orderId, onSent }: { orderId: string | null; onSent: (id: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (body: string) => postMessage(body, orderId),
    onSuccess: (thread) => {
      setText('');
      queryClient.setQueryData(chatKeys.thread(thread.conversation.id), thread);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      onSent(thread.conversation.id);
    },
    onError: (failure, body) => showFailure(failure, () => send.mutate(body)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) send.mutate(text);
  };
  return (
    <form
      onSubmit={submit}
      data-sticky-bar
      className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface/95 px-4 pt-3 pb-[max(12px,env(safe-area-inset-bottom))] backdrop-blur"
    >
      <div className="mx-auto flex max-w-xl items-end gap-2">
        <textarea
          data-testid="chat-input"
          aria-label={t('chat.placeholder')}
          placeholder={t('chat.placeholder')}
          value={text}
          maxLength={CHAT.textMax}
          rows={2}
          onChange={(e) => setText(e.target.value)}
          className="min-h-12 flex-1 resize-none rounded-2xl border border-line bg-surface px-4 py-2.5 text-base"
        />
        <Button type="submit" testId="chat-send" busy={send.isPending} disabled={!text.trim()}>
          {t('chat.send')}
        </Button>
      </div>
    </form>
  );
}
