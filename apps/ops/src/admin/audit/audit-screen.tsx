import { useState } from 'react';
import { useT } from '../../i18n.ts';
import { field } from '../../ui.tsx';
import { AuditTrail } from './audit-trail.tsx';

/** What the audit screen narrows to: the resources of the back office, as the API names them. */
const OBJECT_TYPES = [
  '',
  'product',
  'category',
  'group',
  'modification-group',
  'branch',
  'delivery-zone',
  'promo',
  'banner',
  'story',
  'policy',
  'settings',
  'payment-account',
  'staff',
  'menu',
  'merchant',
];

/** Every change of the brand's back office, newest first, narrowed to one kind of object when chosen. */
export function AuditScreen() {
  const tr = useT();
  const [objectType, setObjectType] = useState('');
  return (
    <div className="flex flex-col gap-3">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{tr.t('admin.nav.audit')}</h1>
        <label className="flex items-center gap-2 text-sm">
          {tr.t('admin.audit.objectType')}
          <select className={`${field} w-auto`} value={objectType} onChange={(e) => setObjectType(e.target.value)} data-testid="audit-type">
            {OBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type || tr.t('admin.audit.allTypes')}
              </option>
            ))}
          </select>
        </label>
      </header>
      <AuditTrail {...(objectType ? { objectType } : {})} showObject />
    </div>
  );
}
