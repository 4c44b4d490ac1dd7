import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pickText, type Branch } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBranches } from '../../shared/catalogue/branches.api.ts';
import { chooseBranch, useChosenBranchId } from '../../shared/catalogue/chosen-branch.ts';
import { useCurrentMerchant, useMerchantCities } from '../../shared/merchant/merchant.api.ts';
import { toast } from '../../shared/ui/toast.tsx';
import { canChoose, defaultCityId, pickupBranches } from './branch-rules.ts';

/**
 * The branch picker's state (docs/spec-index.md section 4): the city it opens on, the pickup branches of that
 * city, the chosen branch, and choosing one (stored per merchant; the menu re-sorts for it; then home).
 */
export function useBranchPicker({ afterChoose = '/' }: { afterChoose?: string | null } = {}) {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const merchant = useCurrentMerchant();
  const branches = useBranches({ live: true });
  const cities = useMerchantCities(merchant.id);
  const chosenId = useChosenBranchId();
  const [pickedCity, setCity] = useState<string | null>(null);

  const cityList = cities.data ?? [];
  const cityId =
    pickedCity ??
    defaultCityId({ cities: cityList, branches: branches.data ?? [], chosenBranchId: chosenId, mainCityId: merchant.mainCityId });
  // Without cities to tell apart (or before they arrive), every branch is listed.
  const list = pickupBranches(branches.data ?? [], cityList.length > 1 ? cityId : null);

  const choose = (branch: Branch) => {
    if (!canChoose(branch)) return;
    chooseBranch(merchant.id, branch.id);
    toast(t('branches.chosen', { name: pickText(branch.name, language) }), 'success');
    if (afterChoose) void navigate(afterChoose);
  };

  return {
    cities: cityList,
    showCities: cityList.length > 1,
    cityId,
    setCity,
    branches: list,
    chosenId,
    choose,
    isPending: branches.isPending,
    error: branches.error,
    refetch: () => void branches.refetch(),
  };
}

export type BranchPicker = ReturnType<typeof useBranchPicker>;
