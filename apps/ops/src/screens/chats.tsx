import { useEffect, useState, type FormEvent } from 'react';
import { chatPieces } from '@dasturxon/domain';
import type { StaffChatConversation } from '@dasturxon/domain/contracts';
import { api } from '../api.ts';
import { useChatAlerts } from '../chat-alerts.tsx';
import { useT } from '../i18n.ts';
import { dateTime, telHref } from '../format.ts';
import { btn, ErrorNote, field, Loading, useLoad } from '../ui.tsx';

/** While the inbox's stream is down, new messages are still read this often. */
const REFRESH_MS = 30_000;

/**
 * Re-runs `reload` while the screen is shown: at each nudge of the inbox's stream (`GET /api/ops/v1/chats/stream`, a
 * message either way or a conversation closed), at each (re)connect (nothing is replayed), and every REFRESH_MS. The
 * stream is the console's one (chat-alerts.tsx, which also rings and badges the chats tab).
 */
function useRefresh(reload: () => void): void {
  const alerts = useChatAlerts();
  const subscribe = alerts?.subscribe;
  useEffect(() => {
    const timer = window.setInterval(reload, REFRESH_MS);
    const unsubscribe = subscribe?.(reload);
    return () => {
      window.clearInterval(timer);
      unsubscribe?.();
    };
  }, [reload, subscribe]);
}

/**
 * The chat inbox (issue 32; docs/restaurant.md, "Chat"): the conversations the staff member sees, unread first by
 * the latest message, and one opened beside them with its messages, an answer box and "close". Texts are shown as text.
 */
export function ChatsScreen() {
  const tr = useT();
  const [status, setStatus] = useState<'OPEN' | 'CLOSED'>('OPEN');
  const [openId, setOpenId] = useState<string | null>(null);
  const inbox = useLoad(() => api.chats(status), [status]);
  useRefresh(inbox.reload);
  const list = inbox.data ?? [];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-3 p-3" data-testid="chats-screen">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{tr.t('chatsTitle')}</h1>
        <div className="flex gap-2" role="tablist">
          {(['OPEN', 'CLOSED'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={status === s}
              data-testid={`chats-${s}`}
              onClick={() => setStatus(s)}
              className={`${btn.small} ${status === s ? 'bg-slate-800 text-white' : 'bg-white text-slate-700'}`}
            >
              {tr.t(s === 'OPEN' ? 'chatsOpen' : 'chatsClosed')}
            </button>
          ))}
        </div>
      </div>
      {inbox.error !== null && <ErrorNote error={inbox.error} onRetry={inbox.reload} />}
      <div className="grid gap-3 md:grid-cols-[20rem_1fr]">
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-sm" data-testid="chats-list">
          {inbox.loading && !inbox.data && <Loading />}
          {inbox.data && list.length === 0 && <li className="p-4 text-center text-slate-500">{tr.t('chatsEmpty')}</li>}
          {list.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                data-testid="chat-row"
                data-unread={c.unread}
                onClick={() => setOpenId(c.id)}
                className={`flex w-full flex-col items-start gap-0.5 px-3 py-2.5 text-start hover:bg-slate-50 ${openId === c.id ? 'bg-emerald-50' : ''}`}
              >
                <span className="flex w-full items-center justify-between gap-2">
                  <span className="truncate font-semibold">{c.customerName || c.customerPhone || '—'}</span>
                  {c.unread > 0 && (
                    <span data-testid="chat-row-unread" className="rounded-full bg-red-600 px-2 text-xs font-bold text-white">
                      {c.unread}
                    </span>
                  )}
                </span>
                <span className="text-xs text-slate-500">
                  {c.orderNumber ? tr.t('chatAboutOrder', { number: c.orderNumber }) : tr.t('chatGeneral')} ·{' '}
                  {dateTime(c.lastMessageAt, tr)}
                </span>
                {c.lastMessage && <span className="line-clamp-1 text-sm text-slate-700">{c.lastMessage.text}</span>}
              </button>
            </li>
          ))}
        </ul>
        {openId ? (
          <Conversation
            key={openId}
            id={openId}
            onChanged={inbox.reload}
            onClosed={() => {
              setOpenId(null);
              inbox.reload();
            }}
          />
        ) : (
          <p className="hidden rounded-xl bg-white p-6 text-center text-slate-500 shadow-sm md:block">{tr.t('chatsPick')}</p>
        )}
      </div>
    </div>
  );
}

function Conversation({ id, onChanged, onClosed }: { id: string; onChanged: () => void; onClosed: () => void }) {
  const tr = useT();
  const thread = useLoad(() => api.chat(id), [id]);
  useRefresh(thread.reload);
  // Opened or answered: the customer's messages are read now, so the tab's badge is read again.
  const badgeReload = useChatAlerts()?.reload;
  useEffect(() => {
    if (thread.data) badgeReload?.();
  }, [thread.data, badgeReload]);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const c: StaffChatConversation | undefined = thread.data?.conversation;
  const answer = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setFailure(null);
    try {
      thread.setData(await api.chatReply(id, text));
      setText('');
      onChanged();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const close = async () => {
    setFailure(null);
    try {
      await api.chatClose(id);
      onClosed();
    } catch (error) {
      setFailure(error);
    }
  };
  return (
    <section className="flex min-h-80 flex-col gap-2 rounded-xl bg-white p-3 shadow-sm" data-testid="chat-conversation">
      {thread.error !== null && <ErrorNote error={thread.error} onRetry={thread.reload} />}
      {!thread.data ? (
        <Loading />
      ) : (
        <>
          <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-2">
            <span>
              <span className="block font-semibold">{c?.customerName || '—'}</span>
              {c?.customerPhone && (
                <a href={telHref(c.customerPhone)} className="text-sm text-slate-600" dir="ltr">
                  {c.customerPhone}
                </a>
              )}
              {c?.orderId && (
                <a href={`/ops/orders/${c.orderId}`} className="ms-2 text-sm text-emerald-700 underline">
                  {tr.t('chatAboutOrder', { number: c.orderNumber ?? '' })}
                </a>
              )}
            </span>
            {c?.status === 'OPEN' && (
              <button type="button" className={`${btn.danger} min-h-9 py-1 text-sm`} data-testid="chat-close" onClick={() => void close()}>
                {tr.t('chatClose')}
              </button>
            )}
          </header>
          <ol className="flex flex-1 flex-col gap-2 overflow-y-auto" data-testid="chat-messages">
            {thread.data.messages.map((m) => (
              <li
                key={m.id}
                data-testid="chat-message"
                data-author={m.author}
                className={`max-w-[85%] rounded-2xl px-3 py-2 ${m.author === 'STAFF' ? 'ms-auto bg-emerald-600 text-white' : 'me-auto bg-slate-100'}`}
              >
                <p className="text-sm break-words whitespace-pre-wrap">
                  {chatPieces(m.text).map((p, i) => (
                    <span key={i} className={p.link ? 'underline decoration-dotted' : undefined}>
                      {p.text}
                    </span>
                  ))}
                </p>
                <p className="mt-0.5 text-end text-[11px] opacity-70">{dateTime(m.createdAt, tr)}</p>
              </li>
            ))}
          </ol>
          {failure !== null && <ErrorNote error={failure} />}
          {c?.status === 'OPEN' && (
            <form className="flex items-end gap-2" onSubmit={(e) => void answer(e)}>
              <textarea
                data-testid="chat-answer"
                aria-label={tr.t('chatAnswer')}
                placeholder={tr.t('chatAnswer')}
                value={text}
                maxLength={1000}
                rows={2}
                onChange={(e) => setText(e.target.value)}
                className={`${field} flex-1 resize-none`}
              />
              <button type="submit" className={btn.primary} disabled={busy || !text.trim()} data-testid="chat-answer-send">
                {tr.t('chatSend')}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
