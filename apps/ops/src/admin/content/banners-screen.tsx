import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { imageUrl, pickText } from '@dasturxon/domain';
import {
  BannerInput,
  StoryInput,
  type AdminBanner,
  type AdminProduct,
  type AdminStory,
  type LocalizedText,
} from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { dateTime } from '../../format.ts';
import { useT } from '../../i18n.ts';
import { btn, ErrorNote, field, Loading, useLoad, useNow } from '../../ui.tsx';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { Field, LocalizedFields, SaveBar } from '../form.tsx';
import { ImageField } from '../media/image-field.tsx';
import { dropped, fromLocalInput, moved, storyState, toLocalInput } from './ordering.ts';

type List<T> = { content: T[] };
type Kind = 'banners' | 'stories';
type Item = { id: string; version: number };

/** The form's fields a schema refused, named in the console's language (the API's schema, checked before sending). */
function useProblems() {
  const tr = useT();
  const [problem, setProblem] = useState<string | null>(null);
  const check = <T,>(result: { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[] }[] } }): boolean => {
    if (result.success) {
      setProblem(null);
      return true;
    }
    const names = [...new Set(result.error.issues.map((i) => tr.t(`admin.content.field.${String(i.path[0])}`)))];
    setProblem(`${tr.t('admin.content.check')} ${names.join(', ')}`);
    return false;
  };
  const note = problem ? (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800" data-testid="content-problem">
      {problem}
    </p>
  ) : null;
  return { check, note };
}

/** A form opened below its list: brought into view at once (on a phone it would open off screen). */
function useIntoView() {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => ref.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }), []);
  return ref;
}

/**
 * The back office's banners and stories (issue 28): the two lists of the storefront's main page in their order (drag,
 * or the arrows), each opened in a form with its pictures uploaded here, its link, a story's dates and slides, shown or
 * switched off; a save sends the version read, so a stale one is offered to be loaded again.
 */
export function BannersScreen() {
  const tr = useT();
  return (
    <div className="flex flex-col gap-4" data-testid="admin-banners">
      <h1 className="text-xl font-semibold">{tr.t('admin.nav.banners')}</h1>
      <BannerList />
      <StoryList />
    </div>
  );
}

/** An ordered list of banners or stories: drag an item onto another, or use its arrows; the new order is saved at once. */
function OrderedList<T extends Item>({
  kind,
  title,
  items,
  reload,
  empty,
  onAdd,
  onOpen,
  render,
}: {
  kind: Kind;
  title: string;
  items: T[];
  reload: () => void;
  empty: string;
  onAdd: () => void;
  onOpen: (item: T) => void;
  render: (item: T) => { picture: string; label: string; badge: ReactNode };
}) {
  const tr = useT();
  const [failed, setFailed] = useState<unknown>(null);
  const ids = items.map((i) => i.id);
  const order = (next: string[] | null) => {
    if (!next) return;
    setFailed(null);
    adminCall('PUT', `/${kind}/order`, { ids: next }).then(reload, (error: unknown) => {
      setFailed(error);
      reload();
    });
  };
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3" data-testid={`content-${kind}`}>
      <header className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        <button type="button" className={btn.secondary} onClick={onAdd} data-testid={`content-add-${kind}`}>
          + {tr.t(kind === 'banners' ? 'admin.content.banner' : 'admin.content.story')}
        </button>
      </header>
      {failed ? <ErrorNote error={failed} /> : null}
      <ol className="flex flex-col gap-1">
        {items.map((item) => {
          const { picture, label, badge } = render(item);
          return (
            <li
              key={item.id}
              draggable
              onDragStart={(e) => e.dataTransfer.setData(`text/x-dx-${kind}`, item.id)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                order(dropped(ids, e.dataTransfer.getData(`text/x-dx-${kind}`), item.id));
              }}
              className="flex items-center gap-3 rounded-lg border border-slate-200 p-2"
              data-testid={`content-${kind}-item`}
              data-id={item.id}
            >
              <span aria-hidden className="cursor-grab select-none text-slate-400">
                ⋮⋮
              </span>
              {picture ? (
                <img
                  src={imageUrl(picture, { width: kind === 'banners' ? 192 : 96, height: 96 })}
                  alt=""
                  width={kind === 'banners' ? 96 : 48}
                  height={48}
                  className={`h-12 shrink-0 object-cover ${kind === 'banners' ? 'w-24 rounded-md' : 'w-12 rounded-full'}`}
                />
              ) : null}
              <button
                type="button"
                className="min-h-11 min-w-0 flex-1 text-start"
                onClick={() => onOpen(item)}
                data-testid={`content-${kind}-open`}
              >
                <span className="block truncate font-medium">{label || '—'}</span>
                {badge}
              </button>
              <span className="flex shrink-0 gap-0.5">
                {([-1, 1] as const).map((by) => {
                  const next = moved(ids, item.id, by);
                  return (
                    <button
                      key={by}
                      type="button"
                      disabled={!next}
                      aria-label={`${label}: ${tr.t(by < 0 ? 'admin.content.up' : 'admin.content.down')}`}
                      className="min-h-9 rounded px-2 text-slate-500 hover:bg-slate-200 disabled:opacity-30"
                      onClick={() => order(next)}
                    >
                      {by < 0 ? '↑' : '↓'}
                    </button>
                  );
                })}
              </span>
            </li>
          );
        })}
      </ol>
      {items.length === 0 && <p className="text-sm text-slate-500">{empty}</p>}
    </section>
  );
}

const badge = (text: string, tone: 'on' | 'off' | 'soon') => (
  <span
    className={`me-2 inline-block rounded px-1.5 text-xs ${
      tone === 'on' ? 'bg-emerald-100 text-emerald-800' : tone === 'soon' ? 'bg-sky-100 text-sky-800' : 'bg-slate-200 text-slate-700'
    }`}
  >
    {text}
  </span>
);

function BannerList() {
  const tr = useT();
  const list = useLoad(() => adminCall<List<AdminBanner>>('GET', '/banners'), []);
  const [open, setOpen] = useState<AdminBanner | 'new' | null>(null);
  if (list.loading && !list.data) return <Loading />;
  if (list.error) return <ErrorNote error={list.error} onRetry={list.reload} />;
  const items = list.data?.content ?? [];
  return (
    <>
      <OrderedList
        kind="banners"
        title={tr.t('admin.content.banners')}
        items={items}
        reload={list.reload}
        empty={tr.t('admin.content.noBanners')}
        onAdd={() => setOpen('new')}
        onOpen={setOpen}
        render={(b) => ({
          picture: b.image,
          label: pickText(b.title, tr.content),
          badge: (
            <span className="text-sm text-slate-600">
              {badge(tr.t(b.active ? 'admin.content.live' : 'admin.content.off'), b.active ? 'on' : 'off')}
              {b.link}
            </span>
          ),
        })}
      />
      {open && (
        <BannerForm
          key={open === 'new' ? 'new' : `${open.id}:${open.version}`}
          banner={open === 'new' ? null : open}
          onDone={() => {
            setOpen(null);
            list.reload();
          }}
        />
      )}
    </>
  );
}

/** Deletes an object at the version read, once asked twice (the button turns into its confirmation). */
function DeleteButton({ path, version, onDone }: { path: string; version: number; onDone: (error?: unknown) => void }) {
  const tr = useT();
  const [sure, setSure] = useState(false);
  return (
    <button
      type="button"
      className={btn.danger}
      data-testid="content-delete"
      onClick={() => {
        if (!sure) return setSure(true);
        adminCall('DELETE', `${path}?version=${version}`).then(
          () => onDone(),
          (error: unknown) => onDone(error),
        );
      }}
    >
      {tr.t(sure ? 'admin.content.deleteSure' : 'admin.content.delete')}
    </button>
  );
}

function BannerForm({ banner, onDone }: { banner: AdminBanner | null; onDone: () => void }) {
  const tr = useT();
  const products = useLoad(() => adminCall<List<AdminProduct>>('GET', '/products'), []);
  const [title, setTitle] = useState<LocalizedText>(banner?.title ?? {});
  const [image, setImage] = useState(banner?.image ?? '');
  const [link, setLink] = useState(banner?.link ?? '');
  const [productId, setProductId] = useState(banner?.productId ?? '');
  const [active, setActive] = useState(banner?.active ?? true);
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  const { check, note } = useProblems();
  const ref = useIntoView();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      title,
      image,
      link: link.trim(),
      productId: productId || null,
      active,
      ...(banner ? { priority: banner.priority } : {}),
    };
    if (!check(BannerInput.safeParse(body))) return;
    setState({ saving: true, error: null });
    const sent = banner
      ? adminCall('PUT', `/banners/${banner.id}`, { ...body, version: banner.version })
      : adminCall('POST', '/banners', body);
    sent.then(onDone, (error: unknown) => setState({ saving: false, error }));
  };

  return (
    <form
      ref={ref}
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-lg border border-slate-300 bg-white p-3"
      data-testid="banner-form"
    >
      <h3 className="font-semibold">{tr.t(banner ? 'admin.content.editBanner' : 'admin.content.newBanner')}</h3>
      <ImageField label={tr.t('admin.content.picture')} value={image} onChange={setImage} aspect="wide" testId="banner-image" />
      <LocalizedFields label={tr.t('admin.content.title')} value={title} onChange={setTitle} testId="banner-title" />
      <div className="grid gap-3 md:grid-cols-2">
        <Field label={tr.t('admin.content.link')} htmlFor="banner-link" hint={tr.t('admin.content.linkHint')}>
          <input
            id="banner-link"
            className={field}
            value={link}
            placeholder="/menu"
            onChange={(e) => setLink(e.target.value)}
            data-testid="banner-link"
          />
        </Field>
        <Field label={tr.t('admin.content.product')} htmlFor="banner-product" hint={tr.t('admin.content.productHint')}>
          <select id="banner-product" className={field} value={productId} onChange={(e) => setProductId(e.target.value)}>
            <option value="">{tr.t('admin.content.noProduct')}</option>
            {(products.data?.content ?? [])
              .filter((p) => p.active || p.id === productId)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {pickText(p.name, tr.content)}
                </option>
              ))}
          </select>
        </Field>
      </div>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} data-testid="banner-active" />
        {tr.t('admin.content.shown')}
      </label>
      {note}
      <SaveBar saving={state.saving} error={state.error} onCancel={onDone} onReload={onDone} />
      {banner && (
        <>
          <div>
            <DeleteButton
              path={`/banners/${banner.id}`}
              version={banner.version}
              onDone={(error) => (error ? setState({ saving: false, error }) : onDone())}
            />
          </div>
          <details>
            <summary className="cursor-pointer text-sm text-slate-600">{tr.t('admin.nav.audit')}</summary>
            <AuditTrail objectType="banner" objectId={banner.id} />
          </details>
        </>
      )}
    </form>
  );
}

function StoryList() {
  const tr = useT();
  const now = useNow(60_000);
  const list = useLoad(() => adminCall<List<AdminStory>>('GET', '/stories'), []);
  const [open, setOpen] = useState<AdminStory | 'new' | null>(null);
  if (list.loading && !list.data) return <Loading />;
  if (list.error) return <ErrorNote error={list.error} onRetry={list.reload} />;
  const items = list.data?.content ?? [];
  const date = (iso: string) => dateTime(iso, tr);
  return (
    <>
      <OrderedList
        kind="stories"
        title={tr.t('admin.content.stories')}
        items={items}
        reload={list.reload}
        empty={tr.t('admin.content.noStories')}
        onAdd={() => setOpen('new')}
        onOpen={setOpen}
        render={(s) => {
          const state = storyState(s, now);
          return {
            picture: s.preview,
            label: pickText(s.title, tr.content),
            badge: (
              <span className="text-sm text-slate-600" data-testid="story-state" data-state={state}>
                {badge(tr.t(`admin.content.${state}`), state === 'live' ? 'on' : state === 'upcoming' ? 'soon' : 'off')}
                {date(s.startsAt)} – {date(s.endsAt)}
              </span>
            ),
          };
        }}
      />
      {open && (
        <StoryForm
          key={open === 'new' ? 'new' : `${open.id}:${open.version}`}
          story={open === 'new' ? null : open}
          now={now}
          onDone={() => {
            setOpen(null);
            list.reload();
          }}
        />
      )}
    </>
  );
}

type SlideDraft = { key: number; image: string; text: LocalizedText; link: string };
let slideKeys = 0;
const slideDraft = (s?: { image: string; text?: LocalizedText; link?: string }): SlideDraft => ({
  key: ++slideKeys,
  image: s?.image ?? '',
  text: s?.text ?? {},
  link: s?.link ?? '',
});

function StoryForm({ story, now, onDone }: { story: AdminStory | null; now: number; onDone: () => void }) {
  const tr = useT();
  const [title, setTitle] = useState<LocalizedText>(story?.title ?? {});
  const [preview, setPreview] = useState(story?.preview ?? '');
  const [slides, setSlides] = useState<SlideDraft[]>(() => (story?.slides.length ? story.slides.map(slideDraft) : [slideDraft()]));
  const [startsAt, setStartsAt] = useState(toLocalInput(story?.startsAt ?? new Date(now).toISOString()));
  const [endsAt, setEndsAt] = useState(toLocalInput(story?.endsAt ?? new Date(now + 7 * 86_400_000).toISOString()));
  const [active, setActive] = useState(story?.active ?? true);
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  const { check, note } = useProblems();
  const ref = useIntoView();
  const setSlide = (key: number, change: Partial<SlideDraft>) =>
    setSlides((all) => all.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      title,
      preview,
      slides: slides.map((s) => ({ image: s.image, text: s.text, link: s.link.trim() })),
      startsAt: fromLocalInput(startsAt),
      endsAt: fromLocalInput(endsAt),
      active,
      ...(story ? { priority: story.priority } : {}),
    };
    if (!check(StoryInput.safeParse(body))) return;
    setState({ saving: true, error: null });
    const sent = story
      ? adminCall('PUT', `/stories/${story.id}`, { ...body, version: story.version })
      : adminCall('POST', '/stories', body);
    sent.then(onDone, (error: unknown) => setState({ saving: false, error }));
  };

  return (
    <form
      ref={ref}
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-lg border border-slate-300 bg-white p-3"
      data-testid="story-form"
    >
      <h3 className="font-semibold">{tr.t(story ? 'admin.content.editStory' : 'admin.content.newStory')}</h3>
      <LocalizedFields label={tr.t('admin.content.title')} value={title} onChange={setTitle} testId="story-title" />
      <ImageField label={tr.t('admin.content.preview')} value={preview} onChange={setPreview} testId="story-preview" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={tr.t('admin.content.startsAt')} htmlFor="story-starts">
          <input
            id="story-starts"
            type="datetime-local"
            className={field}
            value={startsAt}
            onChange={(e) => setStartsAt(e.target.value)}
            data-testid="story-starts"
          />
        </Field>
        <Field label={tr.t('admin.content.endsAt')} htmlFor="story-ends">
          <input
            id="story-ends"
            type="datetime-local"
            className={field}
            value={endsAt}
            onChange={(e) => setEndsAt(e.target.value)}
            data-testid="story-ends"
          />
        </Field>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">{tr.t('admin.content.slides')}</legend>
        {slides.map((slide, index) => (
          <div key={slide.key} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3" data-testid="story-slide">
            <div className="flex flex-wrap items-center gap-2">
              <span className="flex-1 text-sm font-semibold">{tr.t('admin.content.slide', { n: index + 1 })}</span>
              {([-1, 1] as const).map((by) => {
                const next = moved(
                  slides.map((s) => String(s.key)),
                  String(slide.key),
                  by,
                );
                return (
                  <button
                    key={by}
                    type="button"
                    disabled={!next}
                    aria-label={`${tr.t('admin.content.slide', { n: index + 1 })}: ${tr.t(by < 0 ? 'admin.content.up' : 'admin.content.down')}`}
                    className="min-h-9 rounded px-2 text-slate-500 hover:bg-slate-200 disabled:opacity-30"
                    onClick={() => next && setSlides(next.map((k) => slides.find((s) => String(s.key) === k)!))}
                  >
                    {by < 0 ? '↑' : '↓'}
                  </button>
                );
              })}
              <button
                type="button"
                className={`${btn.small} border border-slate-300 bg-white`}
                disabled={slides.length <= 1}
                onClick={() => setSlides((all) => all.filter((s) => s.key !== slide.key))}
              >
                {tr.t('admin.content.removeSlide')}
              </button>
            </div>
            <ImageField
              label={tr.t('admin.content.picture')}
              value={slide.image}
              onChange={(image) => setSlide(slide.key, { image })}
              testId={`story-slide-${index + 1}-image`}
            />
            <LocalizedFields
              label={tr.t('admin.content.slideText')}
              value={slide.text}
              onChange={(text) => setSlide(slide.key, { text })}
              testId={`story-slide-${index + 1}-text`}
            />
            <Field label={tr.t('admin.content.link')} htmlFor={`story-slide-${slide.key}-link`} hint={tr.t('admin.content.linkHint')}>
              <input
                id={`story-slide-${slide.key}-link`}
                className={field}
                value={slide.link}
                onChange={(e) => setSlide(slide.key, { link: e.target.value })}
              />
            </Field>
          </div>
        ))}
        <button
          type="button"
          className={`${btn.secondary} self-start`}
          disabled={slides.length >= 20}
          onClick={() => setSlides((all) => [...all, slideDraft()])}
          data-testid="story-add-slide"
        >
          + {tr.t('admin.content.addSlide')}
        </button>
      </fieldset>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} data-testid="story-active" />
        {tr.t('admin.content.shown')}
      </label>
      {note}
      <SaveBar saving={state.saving} error={state.error} onCancel={onDone} onReload={onDone} />
      {story && (
        <>
          <div>
            <DeleteButton
              path={`/stories/${story.id}`}
              version={story.version}
              onDone={(error) => (error ? setState({ saving: false, error }) : onDone())}
            />
          </div>
          <details>
            <summary className="cursor-pointer text-sm text-slate-600">{tr.t('admin.nav.audit')}</summary>
            <AuditTrail objectType="story" objectId={story.id} />
          </details>
        </>
      )}
    </form>
  );
}
