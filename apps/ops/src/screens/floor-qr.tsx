import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useSearchParams } from 'react-router';
import { pickText } from '@dasturxon/domain';
import type { TableLinkSheet } from '@dasturxon/domain/contracts';
import { api } from '../api.ts';
import { useT } from '../i18n.ts';
import { branchChoices, useSession } from '../session.ts';
import { btn, BranchSelect, ErrorNote, Loading, useLoad } from '../ui.tsx';

/** Each table's link drawn as an SVG QR code: the `qrcode` library, loaded only when the sheet is opened. */
async function drawCodes(sheet: TableLinkSheet): Promise<Map<string, string>> {
  const { toString } = await import('qrcode');
  const codes = await Promise.all(
    // Level M (15 % of the code may be lost: a scratched or folded card still reads); the quiet zone of the standard.
    sheet.tables.map(async (t) => [t.id, await toString(t.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })] as const),
  );
  return new Map(codes);
}

/**
 * The QR codes of a branch's tables, to print and put on the tables (issue 32): every active table's signed link
 * (GET /api/ops/v1/floor/branches/:id/qr) as a code, with the table's name, hall and the brand's name under it, twelve
 * to an A4 page. On screen it covers the console, with the branch to choose, Print and Back; on paper only the cards
 * (index.css, `.ops-qr-sheet`).
 */
export function FloorQrSheet() {
  const tr = useT();
  const session = useSession();
  const branches = branchChoices(session, tr.content);
  const [params, setParams] = useSearchParams();
  const branchId = params.get('branch') || branches[0]?.id || '';
  const sheet = useLoad(() => api.tableLinks(branchId), [branchId]);
  const brand = useLoad(() => api.brand(), []);
  const [codes, setCodes] = useState<{ of: TableLinkSheet; svg: Map<string, string> } | null>(null);
  const [drawFailure, setDrawFailure] = useState<unknown>(null);

  useEffect(() => {
    const data = sheet.data;
    if (!data) return;
    let live = true;
    drawCodes(data).then(
      (svg) => live && setCodes({ of: data, svg }),
      (error: unknown) => live && setDrawFailure(error),
    );
    return () => {
      live = false;
    };
  }, [sheet.data]);

  // The codes drawn for the sheet on screen (not for the branch shown before).
  const drawn = sheet.data && codes?.of === sheet.data ? { sheet: sheet.data, svg: codes.svg } : null;
  const brandName = brand.data?.name ?? '';

  return createPortal(
    <div className="ops-qr-sheet fixed inset-0 z-[2000] overflow-auto bg-slate-100 text-slate-900" data-testid="qr-sheet">
      <div className="ops-qr-toolbar sticky top-0 flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-3 py-2 shadow-sm">
        <Link to="/floor" className={btn.secondary} data-testid="qr-back">
          {tr.t('back')}
        </Link>
        <h1 className="text-lg font-bold">{tr.t('floorQrTitle')}</h1>
        <BranchSelect id="qr-branch" value={branchId} branches={branches} onChange={(id) => setParams({ branch: id }, { replace: true })} />
        <button
          type="button"
          className={`${btn.primary} ms-auto`}
          data-testid="qr-print"
          disabled={!drawn || drawn.sheet.tables.length === 0}
          onClick={() => window.print()}
        >
          {tr.t('floorPrint')}
        </button>
      </div>
      {sheet.error !== null && <ErrorNote error={sheet.error} onRetry={sheet.reload} />}
      {drawFailure !== null && <ErrorNote error={drawFailure} />}
      {!drawn ? (
        sheet.error === null && <Loading />
      ) : drawn.sheet.tables.length === 0 ? (
        <p className="m-4 rounded-xl bg-white p-6 text-center text-slate-500 shadow-sm" data-testid="qr-empty">
          {tr.t('floorQrEmpty')}
        </p>
      ) : (
        <ul className="ops-qr-cards" data-testid="qr-cards" data-branch={drawn.sheet.branch.id}>
          {drawn.sheet.tables.map((t) => (
            <li key={t.id} className="ops-qr-card" data-testid="qr-card" data-table={t.name}>
              {/* The library's own SVG of the link (no user text in it): drawn as markup to print sharp at any size. */}
              <div className="ops-qr-code" dir="ltr" dangerouslySetInnerHTML={{ __html: drawn.svg.get(t.id) ?? '' }} />
              <div className="ops-qr-table">{t.name}</div>
              <div className="ops-qr-hall">{pickText(t.hallName, tr.content)}</div>
              <div className="ops-qr-brand">{brandName}</div>
            </li>
          ))}
        </ul>
      )}
    </div>,
    document.body,
  );
}
