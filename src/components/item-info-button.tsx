/** The "More info" button of an item card and the information modal it opens (spec section 2, Modals). */
import { lazy, Suspense, useState } from 'react';

// Most visitors never open one: the modal's code loads on the first click.
const ItemInfoModal = lazy(() => import('./item-info-modal.tsx'));

export interface ItemInfoButtonProps {
  title: string;
  image?: string | null;
  descriptionHtml: string;
  buttonText: string;
  closeLabel: string;
  /** Id of the element naming the item, so "More info" is announced with the item's title. */
  describedBy?: string;
}

export function ItemInfoButton({ title, image, descriptionHtml, buttonText, closeLabel, describedBy }: ItemInfoButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" aria-haspopup="dialog" aria-describedby={describedBy} onClick={() => setOpen(true)}>
        {buttonText}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ItemInfoModal title={title} image={image} descriptionHtml={descriptionHtml} closeLabel={closeLabel} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
