import { localizePlace } from './localize-place';
import { setPlaceTable } from './place-names';

// The server renders every place from the table (and writes what it rendered into the page: place-names.ts).
setPlaceTable(localizePlace);
