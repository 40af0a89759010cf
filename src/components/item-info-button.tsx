/** The "More info" button of an item card and the information modal it opens (spec section 2, Modals). */
import { useState } from 'react';
import { HtmlContent } from './html-content.tsx';
import { Modal } from './modal.tsx';

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
      <Modal open={open} onClose={() => setOpen(false)} title={title} closeLabel={closeLabel}>
        {/* The modal's heading already names the item, so the picture is decorative. */}
        {image ? <img className="item-info__image" src={image} alt="" /> : null}
        <HtmlContent html={descriptionHtml} />
      </Modal>
    </>
  );
}
