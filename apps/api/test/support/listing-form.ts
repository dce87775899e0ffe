/** The multipart fields of a plain condo for rent, as the web app's wizard sends them to POST /api/property. */
export const CONDO_FORM: Readonly<Record<string, string>> = {
  type: 'rent',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Thong Lo, Watthana, Bangkok',
  title: 'Corner condo near BTS Thong Lo',
  description: 'Corner unit, city view, fully furnished.',
  price: '30000',
  area: '60',
  bed_rooms: '2',
  bath_rooms: '2',
  kitchen: '1',
  floors: '1',
  level: '18',
  is_featured: '0',
  language: 'en',
};
