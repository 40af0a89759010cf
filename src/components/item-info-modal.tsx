/** The information modal of an item card, loaded when a visitor first opens one. */
import { HtmlContent } from './html-content.tsx';
import { Modal } from './modal.tsx';

export interface ItemInfoModalProps {
  title: string;
  image?: string | null | undefined;
  descriptionHtml: string;
  closeLabel: string;
  onClose(): void;
}

export default function ItemInfoModal({ title, image, descriptionHtml, closeLabel, onClose }: ItemInfoModalProps) {
  return (
    <Modal open onClose={onClose} title={title} closeLabel={closeLabel}>
      {/* The modal's heading already names the item, so the picture is decorative. */}
      {image ? <img className="item-info__image" src={image} alt="" /> : null}
      <HtmlContent html={descriptionHtml} />
    </Modal>
  );
}
