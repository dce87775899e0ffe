import type { ComponentProps, ReactElement } from 'react';
import sprite from './icon-sprite.svg?no-inline';

/**
 * The app's icons (lucide's shapes), drawn from one cached sprite file (`icon-sprite.svg`, ADR 033) with
 * `<use href>` rather than each icon's paths inline in every page. Their stroke style (no fill, `currentColor`, width
 * 2, round caps and joins) and 24 px default size come from the `icon` class (index.css, in the base layer, so a
 * utility such as `size-4` or `fill-rose-600` wins). They take the props lucide-react's took: `className`, `size`,
 * `color` (the stroke), `strokeWidth`, `absoluteStrokeWidth`, `aria-*`/`role`/`title` (an icon without one, and
 * without children such as a `<title>`, is `aria-hidden`), `style` and the other SVG attributes.
 * To add one: `export const Name = spriteIcon('<lucide name>');`, then `npm run icons -w @baan/web` rewrites the sprite.
 */
export type IconProps = ComponentProps<'svg'> & { size?: number | string; absoluteStrokeWidth?: boolean };
export type IconComponent = ((props: IconProps) => ReactElement) & { displayName?: string };

const VIEW_BOX = 24;

function hasAccessibleName(props: Record<string, unknown>): boolean {
  for (const [name, value] of Object.entries(props)) {
    if ((name.startsWith('aria-') || name === 'role' || name === 'title') && value != null) return true;
  }
  return false;
}

function spriteIcon(name: string): IconComponent {
  const href = `${sprite}#${name}`;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon when the module loads, never in a render.
  const Icon: IconComponent = ({
    size,
    color,
    strokeWidth,
    absoluteStrokeWidth,
    className,
    style,
    children,
    ...rest
  }) => {
    // What the caller sets goes in the style: the icon class's defaults are CSS, which an SVG attribute would not beat.
    const width = absoluteStrokeWidth ? (Number(strokeWidth ?? 2) * VIEW_BOX) / Number(size ?? VIEW_BOX) : strokeWidth;
    const own = {
      ...(size != null ? { width: size, height: size } : {}),
      ...(color != null ? { stroke: color } : {}),
      ...(width != null ? { strokeWidth: width } : {}),
    };
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: named by the caller's aria-label, title or children, else aria-hidden.
      <svg
        viewBox={`0 0 ${VIEW_BOX} ${VIEW_BOX}`}
        className={className ? `icon ${className}` : 'icon'}
        style={style || Object.keys(own).length > 0 ? { ...own, ...style } : undefined}
        aria-hidden={children || hasAccessibleName(rest) ? undefined : 'true'}
        {...rest}
      >
        <use href={href} />
        {children}
      </svg>
    );
  };
  Icon.displayName = name;
  return Icon;
}

export const AlertTriangle = spriteIcon('triangle-exclamation-point');
export const Apple = spriteIcon('apple');
export const Archive = spriteIcon('archive');
export const ArrowLeft = spriteIcon('arrow-left');
export const ArrowRight = spriteIcon('arrow-right');
export const BadgeCheck = spriteIcon('badge-check');
export const Ban = spriteIcon('ban');
export const Banknote = spriteIcon('banknote');
export const BarChart3 = spriteIcon('chart-column');
export const Bath = spriteIcon('bath');
export const BedDouble = spriteIcon('bed-double');
export const BellOff = spriteIcon('bell-off');
export const BellPlus = spriteIcon('bell-plus');
export const BellRing = spriteIcon('bell-ring');
export const BookOpen = spriteIcon('book-open');
export const Briefcase = spriteIcon('briefcase');
export const BriefcaseBusiness = spriteIcon('briefcase-business');
export const Building = spriteIcon('building');
export const Building2 = spriteIcon('building-complex');
export const Calculator = spriteIcon('calculator');
export const CalendarDays = spriteIcon('calendar-days');
export const Castle = spriteIcon('castle');
export const Check = spriteIcon('check');
export const CheckCircle2 = spriteIcon('circle-check');
export const ChefHat = spriteIcon('chef-hat');
export const ChevronDown = spriteIcon('chevron-down');
export const ChevronLeft = spriteIcon('chevron-left');
export const ChevronRight = spriteIcon('chevron-right');
export const ChevronsLeft = spriteIcon('chevrons-left');
export const ChevronsRight = spriteIcon('chevrons-right');
export const CircleAlert = spriteIcon('circle-exclamation-point');
export const CircleCheck = spriteIcon('circle-check');
export const CircleCheckBig = spriteIcon('circle-check-big');
export const CircleSlash = spriteIcon('circle-slash');
export const Clock = spriteIcon('clock');
export const Coins = spriteIcon('coins');
export const Copy = spriteIcon('copy');
export const CreditCard = spriteIcon('credit-card');
export const DoorOpen = spriteIcon('door-open');
export const Download = spriteIcon('download');
export const Expand = spriteIcon('expand');
export const ExternalLink = spriteIcon('external-link');
export const Eye = spriteIcon('eye');
export const EyeOff = spriteIcon('eye-off');
export const Fence = spriteIcon('fence');
export const FileLock = spriteIcon('file-lock');
export const FileText = spriteIcon('file-text');
export const FileUp = spriteIcon('file-up');
export const FlaskConical = spriteIcon('flask-conical');
export const Gem = spriteIcon('gem');
export const GitCompareArrows = spriteIcon('git-compare-arrows');
export const GitMerge = spriteIcon('git-merge');
export const Globe = spriteIcon('globe');
export const Globe2 = spriteIcon('earth');
export const Hash = spriteIcon('hash');
export const Heart = spriteIcon('heart');
export const HeartOff = spriteIcon('heart-off');
export const History = spriteIcon('rotate-ccw-clock');
export const Home = spriteIcon('house');
export const Hotel = spriteIcon('hotel');
export const House = spriteIcon('house');
export const Houses = spriteIcon('houses');
export const ImageOff = spriteIcon('image-off');
export const ImagePlus = spriteIcon('image-plus');
export const Inbox = spriteIcon('inbox');
export const Info = spriteIcon('info');
export const LandPlot = spriteIcon('land-plot');
export const Landmark = spriteIcon('landmark');
export const Languages = spriteIcon('languages');
export const Layers = spriteIcon('layers');
export const LayoutDashboard = spriteIcon('layout-dashboard');
export const Link2 = spriteIcon('link-2');
export const List = spriteIcon('list');
export const ListChecks = spriteIcon('list-checks');
export const Loader2 = spriteIcon('loader-circle');
export const LoaderCircle = spriteIcon('loader-circle');
export const Lock = spriteIcon('lock');
export const LogIn = spriteIcon('log-in');
export const LogOut = spriteIcon('log-out');
export const Mail = spriteIcon('mail');
export const MailX = spriteIcon('mail-x');
export const MapIcon = spriteIcon('map');
export const MapPin = spriteIcon('map-pin');
export const MapPinOff = spriteIcon('map-pin-off');
export const Menu = spriteIcon('menu');
export const MessageCircle = spriteIcon('message-circle');
export const MessageSquare = spriteIcon('message-square');
export const MessageSquareText = spriteIcon('message-square-text');
export const MousePointerClick = spriteIcon('mouse-pointer-click');
export const Package = spriteIcon('package');
export const PackageCheck = spriteIcon('package-check');
export const Pencil = spriteIcon('pencil');
export const Phone = spriteIcon('phone');
export const Play = spriteIcon('play');
export const Plus = spriteIcon('plus');
export const QrCode = spriteIcon('qr-code');
export const RotateCcw = spriteIcon('rotate-ccw');
export const Ruler = spriteIcon('ruler');
export const ScrollText = spriteIcon('scroll-text');
export const Search = spriteIcon('search');
export const SearchX = spriteIcon('search-x');
export const Send = spriteIcon('send');
export const Settings = spriteIcon('settings');
export const Share2 = spriteIcon('share-2');
export const ShieldCheck = spriteIcon('shield-check');
export const SlidersHorizontal = spriteIcon('sliders-horizontal');
export const Smartphone = spriteIcon('smartphone');
export const Sofa = spriteIcon('sofa');
export const Star = spriteIcon('star');
export const StarOff = spriteIcon('star-off');
export const StopCircle = spriteIcon('circle-stop');
export const Store = spriteIcon('store');
export const Tag = spriteIcon('tag');
export const Timer = spriteIcon('timer');
export const TrainFront = spriteIcon('train-front');
export const Trash2 = spriteIcon('trash');
export const TreePalm = spriteIcon('tree-palm');
export const Trees = spriteIcon('trees');
export const TrendingDown = spriteIcon('trending-down');
export const TriangleAlert = spriteIcon('triangle-exclamation-point');
export const UserRound = spriteIcon('user-round');
export const Users = spriteIcon('users');
export const X = spriteIcon('x');
export const XCircle = spriteIcon('circle-x');
export const Zap = spriteIcon('zap');
