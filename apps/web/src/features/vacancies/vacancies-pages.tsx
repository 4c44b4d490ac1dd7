import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { pickText, VACANCY_CV_ACCEPT, VACANCY_CV_MAX_BYTES } from '@dasturxon/domain';
import type { Vacancy } from '@dasturxon/domain/contracts';
import { useTranslation } from '../../i18n/i18n.ts';
import { NotFoundPage } from '../../app/pages/not-found-page.tsx';
import { useFormatSum } from '../../shared/catalogue/price.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { checkPhoneInput, formatPhoneInput, PHONE_INPUT_START } from '../../shared/session/phone-mask.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { useApply, useVacancies, useVacancy } from './vacancies.api.ts';

/*
 * The brand's vacancies (issue 31, spec sections 2 and 3): `/vacancy`, the open positions, and `/vacancy/{id}`, one
 * with the application form (name, phone, a short text, an optional CV). One lazy page for both; with the brand's
 * `vacanciesActive` off both answer the 404 page.
 */

const field =
  'w-full rounded-2xl border border-line bg-surface px-4 py-3 text-base outline-none focus-visible:border-ink focus-visible:ring-4 focus-visible:ring-ink/10';

function Salary({ vacancy, plain = false }: { vacancy: Vacancy; plain?: boolean }) {
  const { t } = useTranslation();
  const sum = useFormatSum();
  return (
    <span>
      {vacancy.salary === null
        ? t('vacancy.salaryByAgreement')
        : plain
          ? sum(vacancy.salary)
          : t('vacancy.salaryMonthly', { sum: sum(vacancy.salary) })}
    </span>
  );
}

function VacancyList() {
  const { t, language } = useTranslation();
  const errorText = useErrorText();
  const { data, isPending, error } = useVacancies(true);
  useEffect(() => {
    document.title = t('vacancy.title');
  }, [t]);
  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-10">
      <h1 className="text-[28px] leading-tight font-extrabold tracking-tight">{t('vacancy.title')}</h1>
      {isPending ? (
        <PageSpinner />
      ) : error ? (
        <p className="mt-6 text-red-600 dark:text-red-400">{errorText(error)}</p>
      ) : data.length === 0 ? (
        <p data-testid="vacancy-empty" className="mt-6 text-muted">
          {t('vacancy.empty')}
        </p>
      ) : (
        <ul className="mt-5 flex flex-col gap-3" data-testid="vacancy-list">
          {data.map((v) => (
            <li key={v.id}>
              <Link
                to={`/vacancy/${v.id}`}
                data-testid="vacancy-item"
                className="block rounded-3xl bg-surface px-5 py-4 transition-colors hover:bg-surface-2 focus-visible:ring-4 focus-visible:ring-ink/20"
              >
                <span className="block text-lg font-bold">{pickText(v.position, language)}</span>
                <span className="mt-1 block text-sm text-muted">
                  <Salary vacancy={v} />
                  {v.branchName ? ` · ${pickText(v.branchName, language)}` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ApplyForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const apply = useApply(id);
  const [phone, setPhone] = useState(PHONE_INPUT_START);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const checked = checkPhoneInput(phone);
    if (!checked.ok) return setProblem(t('vacancy.phoneInvalid'));
    const cv = form.get('cv');
    if (cv instanceof File && cv.size > VACANCY_CV_MAX_BYTES) return setProblem(t('errors.VACANCY_CV_TOO_LARGE'));
    if (cv instanceof File && cv.size === 0) form.delete('cv');
    form.set('phone', checked.e164);
    setProblem(null);
    apply.mutate(form);
  };

  if (apply.isSuccess) {
    return (
      <p data-testid="vacancy-applied" role="status" className="mt-6 rounded-3xl bg-surface px-5 py-4 font-semibold">
        {t('vacancy.applied')}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="mt-6 flex flex-col gap-3 rounded-3xl bg-surface-2 p-5" data-testid="vacancy-form">
      <h2 className="text-xl font-bold">{t('vacancy.applyTitle')}</h2>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t('vacancy.name')}
        <input name="name" required maxLength={120} autoComplete="name" className={field} data-testid="vacancy-name" />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t('vacancy.phone')}
        <input
          type="tel"
          dir="ltr"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(formatPhoneInput(e.target.value))}
          className={field}
          data-testid="vacancy-phone"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t('vacancy.text')}
        <textarea name="text" rows={4} maxLength={2000} className={field} data-testid="vacancy-text" />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t('vacancy.cv')}
        <input type="file" name="cv" accept={VACANCY_CV_ACCEPT} className="text-sm" data-testid="vacancy-cv" />
        <span className="text-xs font-normal text-muted">{t('vacancy.cvHint')}</span>
      </label>
      {(problem || apply.error) && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="vacancy-error">
          {problem ?? errorText(apply.error)}
        </p>
      )}
      <Button type="submit" disabled={apply.isPending} data-testid="vacancy-submit">
        {t('vacancy.send')}
      </Button>
    </form>
  );
}

function VacancyDetail({ id }: { id: string }) {
  const { t, language } = useTranslation();
  const { data, isPending, error } = useVacancy(id, true);
  const position = data ? pickText(data.position, language) : '';
  useEffect(() => {
    if (position) document.title = position;
  }, [position]);
  if (isPending) return <PageSpinner />;
  if (error || !data) return <NotFoundPage />;
  const requirements = pickText(data.requirements, language);
  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-10" data-testid="vacancy-detail">
      <Link to="/vacancy" className="text-sm font-semibold text-muted hover:text-ink">
        {t('vacancy.all')}
      </Link>
      <h1 className="mt-2 text-[28px] leading-tight font-extrabold tracking-tight">{position}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-3xl bg-surface px-5 py-4 text-sm">
        <dt className="text-muted">{t('vacancy.salary')}</dt>
        <dd className="font-semibold">
          <Salary vacancy={data} plain />
        </dd>
        {data.branchName && (
          <>
            <dt className="text-muted">{t('vacancy.branch')}</dt>
            <dd className="font-semibold">{pickText(data.branchName, language)}</dd>
          </>
        )}
        {data.responsible && (
          <>
            <dt className="text-muted">{t('vacancy.responsible')}</dt>
            <dd className="font-semibold">{data.responsible}</dd>
          </>
        )}
      </dl>
      {requirements && (
        <section className="mt-4">
          <h2 className="text-lg font-bold">{t('vacancy.requirements')}</h2>
          <p className="mt-1 whitespace-pre-line">{requirements}</p>
        </section>
      )}
      <ApplyForm id={data.id} />
    </div>
  );
}

/** `/vacancy` and `/vacancy/{id}`; the 404 page while the brand's vacanciesActive is off. */
export function VacancyPages() {
  const { id } = useParams();
  const settings = useMerchantSettings();
  if (!settings.vacanciesActive) return <NotFoundPage />;
  return id ? <VacancyDetail key={id} id={id} /> : <VacancyList />;
}
