import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AREAS_OF_ROLE, imageUrl, pickText, UI_LANGUAGES, validColor, type UiLanguage } from '@dasturxon/domain';
import {
  BASKET_POSITIONS,
  CATEGORY_VIEWS,
  GROUP_VIEWS,
  MAP_TYPES,
  MODIFICATION_VIEW_TYPES,
  THEME_TYPES,
  type ContentLanguage,
} from '@dasturxon/domain';
import { FEATURE_FLAGS, type AdminSettings, type FeatureFlag } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { useSession } from '../../session.ts';
import { ErrorNote, field, Loading, useLoad } from '../../ui.tsx';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { Field, LocalizedFields, SaveBar } from '../form.tsx';
import { ImageField } from '../media/image-field.tsx';
import { previewColours, problemsOf } from './settings-form.ts';

/** Each language by its own name: the same in every language of the console. */
const ENDONYMS: Record<UiLanguage, string> = {
  uz: "O'zbekcha",
  ru: 'Русский',
  eng: 'English',
  ar: 'العربية',
  kz: 'Қазақша',
  tr: 'Türkçe',
  zh: '中文',
};
const CONTENT_LANGUAGES: readonly ContentLanguage[] = ['ru', 'uz', 'eng'];

/** The flags in the order the form shows them, grouped as the storefront shows them. */
const FLAG_GROUPS: readonly (readonly FeatureFlag[])[] = [
  ['deliveryActive', 'pickupActive', 'dineInActive', 'bookingActive', 'shouldValidateDeliveryArea', 'branchFirstLanding'],
  ['cashActive', 'terminalActive', 'paymeActive', 'clickActive', 'uzumActive', 'cardActive'],
  [
    'bannersActive',
    'storiesActive',
    'promoActive',
    'promoLegalTextActive',
    'cashbackActive',
    'favouriteActive',
    'notificationsActive',
    'balanceActive',
  ],
];

/** The message of a field's problem, in the console's words. */
const BAD_KEY: Partial<Record<string, string>> = {
  mainColor: 'admin.settings.bad.color',
  telegramBotLink: 'admin.settings.bad.link',
  iosAppLink: 'admin.settings.bad.link',
  androidAppLink: 'admin.settings.bad.link',
  telegram: 'admin.settings.bad.social',
  instagram: 'admin.settings.bad.social',
  facebook: 'admin.settings.bad.social',
  phone: 'admin.settings.bad.phone',
  contacts: 'admin.settings.bad.phone',
  mainLanguage: 'admin.settings.bad.language',
  forcedLanguage: 'admin.settings.bad.language',
  languages: 'admin.settings.bad.languages',
  name: 'admin.settings.bad.required',
};

/**
 * The brand's settings (issue 28; the owner's): name, colours and theme, logo and favicon, languages, features, contacts
 * and social links, with a preview of the storefront in the chosen colours and logo that follows every keystroke.
 */
export function SettingsScreen() {
  const tr = useT();
  const { staff } = useSession();
  const loaded = useLoad(() => adminCall<AdminSettings>('GET', '/settings'), []);
  const [saved, setSaved] = useState(false);
  if (loaded.loading && !loaded.data) return <Loading />;
  if (!loaded.data) return <ErrorNote error={loaded.error} onRetry={loaded.reload} />;
  return (
    <div className="flex flex-col gap-3" data-testid="admin-settings">
      <h1 className="text-xl font-semibold">{tr.t('admin.nav.settings')}</h1>
      {AREAS_OF_ROLE[staff.role].includes('paymentAccounts') && (
        <Link to="/admin/geocoder" className="self-start text-sm text-emerald-700 underline" data-testid="settings-geocoder-link">
          {tr.t('admin.settings.geocoderLink')}
        </Link>
      )}
      {/* A new answer (a save, a reload after a conflict) starts the form again from it. */}
      <SettingsForm
        key={loaded.data.version}
        settings={loaded.data}
        saved={saved}
        onEdit={() => setSaved(false)}
        onSaved={(next) => {
          setSaved(true);
          loaded.setData(next);
        }}
        onReload={loaded.reload}
      />
    </div>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <legend className="px-1 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

function SettingsForm({
  settings,
  saved,
  onEdit,
  onSaved,
  onReload,
}: {
  settings: AdminSettings;
  saved: boolean;
  onEdit: () => void;
  onSaved: (next: AdminSettings) => void;
  onReload: () => void;
}) {
  const tr = useT();
  const { staff } = useSession();
  const [draft, setDraft] = useState<AdminSettings>(settings);
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  const [shown, setShown] = useState(false);
  const problems = problemsOf(draft);
  const bad = Object.keys(problems).length > 0;
  const set = <K extends keyof AdminSettings>(key: K, value: AdminSettings[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    onEdit();
  };
  const setFlag = (flag: FeatureFlag, on: boolean) => set('flags', { ...draft.flags, [flag]: on });
  const problem = (key: string) =>
    shown || key in problems ? (
      problems[key] ? (
        <p className="text-sm text-red-700" role="alert" data-testid={`problem-${key}`}>
          {tr.t(BAD_KEY[key] ?? 'admin.settings.bad.other')}
        </p>
      ) : null
    ) : null;
  const text = (
    key: 'name' | 'phone' | 'telegram' | 'instagram' | 'facebook' | 'telegramBotLink' | 'iosAppLink' | 'androidAppLink' | 'yandexMapKey',
    label: string,
  ) => (
    <Field label={label} htmlFor={`settings-${key}`}>
      <input
        id={`settings-${key}`}
        className={`${field} ${problems[key] ? 'border-red-400' : ''}`}
        value={draft[key]}
        dir="auto"
        aria-invalid={problems[key] || undefined}
        data-testid={`settings-${key}`}
        onChange={(e) => set(key, e.target.value)}
      />
      {problem(key)}
    </Field>
  );
  const choice = <K extends 'mapType' | 'groupView' | 'categoryView' | 'basketPosition' | 'modificationViewType'>(
    key: K,
    options: readonly AdminSettings[K][],
  ) => (
    <Field label={tr.t(`admin.settings.${key}`)} htmlFor={`settings-${key}`}>
      <select id={`settings-${key}`} className={field} value={draft[key]} onChange={(e) => set(key, e.target.value as AdminSettings[K])}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </Field>
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (bad) return;
    setState({ saving: true, error: null });
    adminCall<AdminSettings>('PUT', '/settings', draft).then(onSaved, (error: unknown) => setState({ saving: false, error }));
  };

  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
      <form onSubmit={submit} className="flex min-w-0 flex-1 flex-col gap-4" data-testid="settings-form" noValidate>
        <Section title={tr.t('admin.settings.brand')}>
          {text('name', tr.t('admin.settings.name'))}
          <LocalizedFields
            label={tr.t('admin.settings.title')}
            value={draft.title}
            onChange={(v) => set('title', v)}
            testId="settings-title"
          />
          <div className="flex flex-wrap gap-6">
            <ImageField
              label={tr.t('admin.settings.logo')}
              value={draft.logo}
              onChange={(key) => set('logo', key)}
              testId="settings-logo"
            />
            <ImageField
              label={tr.t('admin.settings.favicon')}
              value={draft.favicon}
              onChange={(key) => set('favicon', key)}
              testId="settings-favicon"
            />
          </div>
        </Section>

        <Section title={tr.t('admin.settings.look')}>
          <Field label={tr.t('admin.settings.mainColor')} htmlFor="settings-mainColor">
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={tr.t('admin.settings.mainColor')}
                className="h-11 w-14 cursor-pointer rounded border border-slate-300"
                value={validColor(draft.mainColor, '#000000').toLowerCase()}
                onChange={(e) => set('mainColor', e.target.value.toUpperCase())}
              />
              <input
                id="settings-mainColor"
                className={`${field} max-w-40 font-mono ${problems.mainColor ? 'border-red-400' : ''}`}
                value={draft.mainColor}
                dir="ltr"
                aria-invalid={problems.mainColor || undefined}
                data-testid="settings-mainColor"
                onChange={(e) => set('mainColor', e.target.value.trim())}
              />
            </div>
            {problem('mainColor')}
          </Field>
          <div className="flex gap-4" role="radiogroup" aria-label={tr.t('admin.settings.theme')}>
            {THEME_TYPES.map((theme) => (
              <label key={theme} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="theme"
                  checked={draft.theme === theme}
                  onChange={() => set('theme', theme)}
                  data-testid={`settings-theme-${theme}`}
                />
                {tr.t(`admin.settings.theme.${theme}`)}
              </label>
            ))}
          </div>
          <div className="flex gap-4" role="radiogroup" aria-label={tr.t('admin.settings.mainColorType')}>
            {THEME_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="mainColorType"
                  checked={draft.mainColorType === type}
                  onChange={() => set('mainColorType', type)}
                  data-testid={`settings-mainColorType-${type}`}
                />
                {tr.t(`admin.settings.mainColorType.${type}`)}
              </label>
            ))}
          </div>
          {/* On a phone the preview sits under the colour it shows (beside the form on a wide screen). */}
          <div className="lg:hidden">
            <StorefrontPreview settings={draft} lang={tr.lang} />
          </div>
        </Section>

        <Section title={tr.t('admin.settings.languages')} testId="settings-languages">
          <p className="text-sm text-slate-500">{tr.t('admin.settings.languagesHint')}</p>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {UI_LANGUAGES.map((lang) => (
              <label key={lang} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={draft.languages.includes(lang)}
                  data-testid={`settings-lang-${lang}`}
                  onChange={(e) =>
                    set(
                      'languages',
                      e.target.checked
                        ? UI_LANGUAGES.filter((l) => l === lang || draft.languages.includes(l))
                        : draft.languages.filter((l) => l !== lang),
                    )
                  }
                />
                <span lang={lang === 'eng' ? 'en' : lang === 'kz' ? 'kk' : lang}>{ENDONYMS[lang]}</span>
              </label>
            ))}
          </div>
          {problem('languages')}
          <div className="grid gap-3 md:grid-cols-2">
            <Field label={tr.t('admin.settings.mainLanguage')} htmlFor="settings-mainLanguage">
              <select
                id="settings-mainLanguage"
                className={field}
                value={draft.mainLanguage}
                onChange={(e) => set('mainLanguage', e.target.value as ContentLanguage)}
              >
                {CONTENT_LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {ENDONYMS[l]}
                  </option>
                ))}
              </select>
              {problem('mainLanguage')}
            </Field>
            <Field label={tr.t('admin.settings.forcedLanguage')} htmlFor="settings-forcedLanguage">
              <select
                id="settings-forcedLanguage"
                className={field}
                value={draft.forcedLanguage ?? ''}
                onChange={(e) => set('forcedLanguage', (e.target.value || null) as ContentLanguage | null)}
              >
                <option value="">{tr.t('admin.settings.forcedNone')}</option>
                {CONTENT_LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {ENDONYMS[l]}
                  </option>
                ))}
              </select>
              {problem('forcedLanguage')}
            </Field>
          </div>
        </Section>

        <Section title={tr.t('admin.settings.contacts')}>
          <div className="grid gap-3 md:grid-cols-2">
            {text('phone', tr.t('admin.settings.phone'))}
            <Field label={tr.t('admin.settings.morePhones')} htmlFor="settings-contacts">
              <textarea
                id="settings-contacts"
                rows={2}
                className={`${field} ${problems.contacts ? 'border-red-400' : ''}`}
                dir="ltr"
                value={draft.contacts.join('\n')}
                onChange={(e) =>
                  set(
                    'contacts',
                    e.target.value
                      .split('\n')
                      .map((l) => l.trim())
                      .filter((l, i, all) => l || i < all.length - 1),
                  )
                }
              />
              {problem('contacts')}
            </Field>
            {text('telegram', 'Telegram')}
            {text('instagram', 'Instagram')}
            {text('facebook', 'Facebook')}
            {text('telegramBotLink', tr.t('admin.settings.botLink'))}
            {text('iosAppLink', tr.t('admin.settings.iosLink'))}
            {text('androidAppLink', tr.t('admin.settings.androidLink'))}
          </div>
        </Section>

        {/* The brand's analytics and CRM ids (issue 31): each tool loads only with its flag on as well. */}
        <Section title={tr.t('admin.settings.analytics')} testId="settings-analytics">
          <div className="grid gap-3 md:grid-cols-2">
            {(['yandexMetricsId', 'metaPixelId', 'googleTagManagerId', 'amoCRMId', 'amoCRMHash'] as const).map((key) => (
              <Field key={key} label={tr.t(`admin.settings.analytics.${key}`)} htmlFor={`settings-${key}`}>
                <input
                  id={`settings-${key}`}
                  className={field}
                  dir="ltr"
                  value={draft.analytics?.[key] ?? ''}
                  data-testid={`settings-${key}`}
                  onChange={(e) =>
                    set('analytics', {
                      yandexMetricsId: '',
                      metaPixelId: '',
                      metaPixelContent: '',
                      googleTagManagerId: '',
                      amoCRMId: '',
                      amoCRMHash: '',
                      ...draft.analytics,
                      [key]: e.target.value,
                    })
                  }
                />
              </Field>
            ))}
          </div>
          {problem('analytics')}
        </Section>

        <Section title={tr.t('admin.settings.footer')}>
          <LocalizedFields
            label={tr.t('admin.settings.leftCopyWrite')}
            value={draft.leftCopyWrite}
            onChange={(v) => set('leftCopyWrite', v)}
          />
          <LocalizedFields
            label={tr.t('admin.settings.rightCopyWrite')}
            value={draft.rightCopyWrite}
            onChange={(v) => set('rightCopyWrite', v)}
          />
        </Section>

        <Section title={tr.t('admin.settings.features')} testId="settings-flags">
          {[...FLAG_GROUPS, FEATURE_FLAGS.filter((f) => !FLAG_GROUPS.some((g) => g.includes(f)))].map((group, i) => (
            <div key={i} className="grid gap-x-4 gap-y-1.5 border-b border-slate-100 pb-2 last:border-0 sm:grid-cols-2 xl:grid-cols-3">
              {group.map((flag) => (
                <label key={flag} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={draft.flags[flag]}
                    onChange={(e) => setFlag(flag, e.target.checked)}
                    data-testid={`settings-flag-${flag}`}
                  />
                  {tr.t(`admin.settings.flag.${flag}`)}
                </label>
              ))}
            </div>
          ))}
        </Section>

        <Section title={tr.t('admin.settings.views')}>
          <div className="grid gap-3 md:grid-cols-3">
            {choice('mapType', MAP_TYPES)}
            {/* With mapType YANDEX and this key the storefront's maps and geocoder are Yandex's (issue 31). */}
            {text('yandexMapKey', tr.t('admin.settings.yandexMapKey'))}
            {choice('groupView', GROUP_VIEWS)}
            {choice('categoryView', CATEGORY_VIEWS)}
            {choice('basketPosition', BASKET_POSITIONS)}
            {choice('modificationViewType', MODIFICATION_VIEW_TYPES)}
          </div>
        </Section>

        <div className="sticky bottom-0 flex flex-col gap-2 border-t border-slate-200 bg-slate-100/95 py-2">
          {saved && (
            <p role="status" className="text-sm text-emerald-700" data-testid="settings-saved">
              {tr.t('admin.settings.saved')}
            </p>
          )}
          <SaveBar saving={state.saving} error={state.error} onReload={onReload} />
        </div>
        <AuditTrail objectType="settings" objectId={staff.merchantId} />
      </form>
      <aside className="hidden lg:sticky lg:top-3 lg:block lg:w-80 lg:shrink-0">
        <StorefrontPreview settings={draft} lang={tr.lang} />
      </aside>
    </div>
  );
}

/**
 * A small storefront in the draft's colours, theme, logo and name: its header, a category, a product card with its
 * button and the basket bar, painted as the storefront paints them (the domain's colour and contrast rules).
 */
export function StorefrontPreview({ settings, lang }: { settings: AdminSettings; lang: UiLanguage }) {
  const tr = useT();
  const { brand, onBrand, page, card } = previewColours(settings);
  const name = settings.name || '—';
  const title = pickText(settings.title, lang) || name;
  return (
    <figure className="flex flex-col gap-2" data-testid="settings-preview">
      <figcaption className="text-sm font-medium text-slate-700">{tr.t('admin.settings.preview')}</figcaption>
      <div className="overflow-hidden rounded-xl border border-slate-300 shadow-sm" style={page} data-testid="preview-page">
        <div className="flex items-center gap-1.5 bg-slate-200 px-2 py-1 text-[11px] text-slate-600">
          {settings.favicon || settings.logo ? (
            <img
              src={imageUrl(settings.favicon || settings.logo, { width: 32, height: 32, format: 'png' })}
              alt=""
              className="size-3.5 rounded-sm"
            />
          ) : null}
          <span className="truncate" dir="auto">
            {title}
          </span>
        </div>
        <header className="flex items-center gap-2 px-3 py-2.5" style={{ background: brand, color: onBrand }} data-testid="preview-header">
          {settings.logo ? (
            <img
              src={imageUrl(settings.logo, { width: 64, height: 64 })}
              alt=""
              className="size-8 rounded-full bg-white object-cover"
              data-testid="preview-logo"
            />
          ) : (
            <span className="grid size-8 place-items-center rounded-full bg-white/30 font-bold">{name.charAt(0)}</span>
          )}
          <span className="truncate font-extrabold" dir="auto" data-testid="preview-name">
            {name}
          </span>
        </header>
        <div className="flex flex-col gap-3 p-3">
          <div className="flex gap-2">
            <span className="rounded-full px-3 py-1 text-xs font-semibold" style={{ background: brand, color: onBrand }}>
              {tr.t('admin.settings.previewCategory')}
            </span>
            <span className="rounded-full px-3 py-1 text-xs" style={{ background: card }}>
              {tr.t('admin.settings.previewCategory')} 2
            </span>
          </div>
          <div className="flex gap-3 rounded-lg p-2 shadow-sm" style={{ background: card }}>
            <div className="size-16 shrink-0 rounded-md" style={{ background: `${brand}33` }} />
            <div className="flex min-w-0 flex-1 flex-col justify-between gap-1">
              <span className="text-sm font-semibold">{tr.t('admin.settings.previewProduct')}</span>
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-bold" dir="ltr">
                  32 000
                </span>
                <span
                  className="rounded-lg px-3 py-1 text-xs font-semibold"
                  style={{ background: brand, color: onBrand }}
                  data-testid="preview-button"
                >
                  {tr.t('admin.settings.previewAdd')}
                </span>
              </div>
            </div>
          </div>
          <div
            className="flex items-center justify-between rounded-xl px-3 py-2 text-sm font-semibold"
            style={{ background: brand, color: onBrand }}
          >
            <span>{tr.t('admin.settings.previewBasket')}</span>
            <span dir="ltr">64 000</span>
          </div>
        </div>
      </div>
    </figure>
  );
}
