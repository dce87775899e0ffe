import { HeartButton } from '../components/ui/HeartButton';
import { useTranslation } from '../i18n/use-translation';
import { useFavorite } from './use-favorite';

interface FavoriteHeartProps {
  id: number;
  title: string;
  variant?: 'overlay' | 'plain';
  className?: string;
}

/** The heart of a listing (cards, the detail page): named after the listing, pressed once it is a favourite. */
export function FavoriteHeart({ id, title, variant, className }: FavoriteHeartProps) {
  const { t } = useTranslation('listings');
  const { isFavorite, toggle } = useFavorite(id);
  return (
    <HeartButton
      isPressed={isFavorite}
      label={isFavorite ? t('favorite.remove', { title }) : t('favorite.add', { title })}
      onToggle={() => void toggle()}
      variant={variant}
      className={className}
    />
  );
}
