// The makes the wizard offers as the vehicle's make is typed (docs/product.md#option-lists): a suggestion list,
// never a limit, since any make may be typed. Those most seen on UK roads, in alphabetical order.
export const vehicleMakes = [
  'Abarth',
  'Alfa Romeo',
  'Aston Martin',
  'Audi',
  'Bentley',
  'BMW',
  'BYD',
  'Citroen',
  'Cupra',
  'Dacia',
  'DS',
  'Fiat',
  'Ford',
  'Genesis',
  'Honda',
  'Hyundai',
  'Jaguar',
  'Jeep',
  'Kia',
  'Land Rover',
  'Lexus',
  'Mazda',
  'Mercedes-Benz',
  'MG',
  'Mini',
  'Mitsubishi',
  'Nissan',
  'Peugeot',
  'Polestar',
  'Porsche',
  'Renault',
  'SEAT',
  'Skoda',
  'Smart',
  'Subaru',
  'Suzuki',
  'Tesla',
  'Toyota',
  'Vauxhall',
  'Volkswagen',
  'Volvo',
] as const;

/**
 * A vehicle description ('Ford Fiesta 1.0 Zetec') as make and model, where it starts with a listed make (the longest
 * that fits, so 'Land Rover Defender' is Land Rover's); otherwise all of it is the model, for the person to check.
 */
export function splitMakeModel(description: string): { make: string; model: string } {
  const text = description.trim().replace(/\s+/g, ' ');
  const make = [...vehicleMakes]
    .sort((a, b) => b.length - a.length)
    .find((m) => text.toLowerCase() === m.toLowerCase() || text.toLowerCase().startsWith(`${m.toLowerCase()} `));
  return make ? { make, model: text.slice(make.length).trim() } : { make: '', model: text };
}
