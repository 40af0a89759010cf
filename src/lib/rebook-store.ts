/**
 * The validated rebooking, carried from the entry (/rebook/{secret}, the rebook feature) to the
 * product flow at /product/{id}/rebook (the product-order feature) for this tab. In lib because
 * two features read it.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { RebookValidation } from '../domain/contracts/rebook.ts';

interface RebookState {
  validation: RebookValidation | null;
  secret: string | null;
  validated(validation: RebookValidation, secret: string): void;
  clear(): void;
}

export const useRebookStore = create<RebookState>()(
  persist(
    (set) => ({
      validation: null,
      secret: null,
      validated: (validation, secret) => set({ validation, secret }),
      clear: () => set({ validation: null, secret: null }),
    }),
    { name: 'shop.rebook', storage: createJSONStorage(() => sessionStorage) },
  ),
);
