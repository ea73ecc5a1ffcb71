// Places of the water lake: Massachusetts communities with their county and a five-digit town code
// (a ZIP code, so it keeps leading zeros), and the parts beach names are made of.

export interface Town {
  name: string;
  county: string;
  code: string;
  coastal: boolean;
}

// prettier-ignore
export const TOWNS: readonly Town[] = [
  ["Barnstable", "Barnstable", "02630", true], ["Bourne", "Barnstable", "02532", true],
  ["Brewster", "Barnstable", "02631", true], ["Chatham", "Barnstable", "02633", true],
  ["Dennis", "Barnstable", "02638", true], ["Eastham", "Barnstable", "02642", true],
  ["Falmouth", "Barnstable", "02540", true], ["Harwich", "Barnstable", "02645", true],
  ["Mashpee", "Barnstable", "02649", true], ["Orleans", "Barnstable", "02653", true],
  ["Provincetown", "Barnstable", "02657", true], ["Sandwich", "Barnstable", "02563", true],
  ["Truro", "Barnstable", "02666", true], ["Wellfleet", "Barnstable", "02667", true],
  ["Yarmouth", "Barnstable", "02675", true], ["Oak Bluffs", "Dukes", "02557", true],
  ["Edgartown", "Dukes", "02539", true], ["Tisbury", "Dukes", "02568", true],
  ["West Tisbury", "Dukes", "02575", true], ["Chilmark", "Dukes", "02535", true],
  ["Nantucket", "Nantucket", "02554", true], ["Plymouth", "Plymouth", "02360", true],
  ["Duxbury", "Plymouth", "02332", true], ["Marshfield", "Plymouth", "02050", true],
  ["Scituate", "Plymouth", "02066", true], ["Kingston", "Plymouth", "02364", true],
  ["Wareham", "Plymouth", "02571", true], ["Hull", "Plymouth", "02045", true],
  ["Marion", "Plymouth", "02738", true], ["Mattapoisett", "Plymouth", "02739", true],
  ["Dartmouth", "Bristol", "02747", true], ["Fairhaven", "Bristol", "02719", true],
  ["New Bedford", "Bristol", "02740", true], ["Westport", "Bristol", "02790", true],
  ["Fall River", "Bristol", "02720", true], ["Boston", "Suffolk", "02127", true],
  ["Winthrop", "Suffolk", "02152", true], ["Revere", "Suffolk", "02151", true],
  ["Gloucester", "Essex", "01930", true], ["Rockport", "Essex", "01966", true],
  ["Salem", "Essex", "01970", true], ["Swampscott", "Essex", "01907", true],
  ["Lynn", "Essex", "01902", true], ["Nahant", "Essex", "01908", true],
  ["Marblehead", "Essex", "01945", true], ["Ipswich", "Essex", "01938", true],
  ["Newburyport", "Essex", "01950", true], ["Salisbury", "Essex", "01952", true],
  ["Manchester-by-the-Sea", "Essex", "01944", true], ["Quincy", "Norfolk", "02169", true],
  ["Weymouth", "Norfolk", "02188", true], ["Cohasset", "Norfolk", "02025", true],
  ["Concord", "Middlesex", "01742", false], ["Wayland", "Middlesex", "01778", false],
  ["Natick", "Middlesex", "01760", false], ["Framingham", "Middlesex", "01701", false],
  ["Billerica", "Middlesex", "01821", false], ["Sturbridge", "Worcester", "01566", false],
  ["Webster", "Worcester", "01570", false], ["Auburn", "Worcester", "01501", false],
  ["Leicester", "Worcester", "01524", false], ["Southwick", "Hampden", "01077", false],
  ["Agawam", "Hampden", "01001", false], ["Brimfield", "Hampden", "01010", false],
  ["Pittsfield", "Berkshire", "01201", false], ["Lenox", "Berkshire", "01240", false],
  ["Amherst", "Hampshire", "01002", false], ["Greenfield", "Franklin", "01301", false],
  ["Franklin", "Norfolk", "02038", false], ["Sharon", "Norfolk", "02067", false],
].map(([name, county, code, coastal]) => ({
  name: name as string,
  county: county as string,
  code: code as string,
  coastal: coastal as boolean,
}));

export function townNamed(name: string): Town {
  const town = TOWNS.find((t) => t.name === name);
  if (!town) throw new Error(`unknown town ${name}`);
  return town;
}

// prettier-ignore
export const PLACE_WORDS: readonly string[] = [
  "Atlantic", "Bayview", "Beach Point", "Bells Neck", "Breakwater", "Cahoon", "Chapin", "Cold Storage",
  "Corporation", "Crescent", "Crystal", "Dowses", "Duck Harbor", "Earle Road", "Egypt", "Ellis",
  "First Encounter", "Forest", "Gray Gables", "Great Hollow", "Green Harbor", "Hathaway", "Herring Cove",
  "Indian Mound", "Inkwell", "Jackknife", "Kalmus", "Lighthouse", "Linnell Landing", "Long", "Mayflower",
  "Menauhant", "Millway", "Monument", "Nauset", "Nobska", "Oyster Pond", "Paines Creek", "Parkwood",
  "Pleasant Road", "Quissett", "Red River", "Ridgevale", "Rock Harbor", "Sandy Neck", "Sea Street",
  "Seagull", "Shore Road", "Silver", "Skaket", "Smugglers", "South Cape", "Spectacle", "Stony",
  "Surf Drive", "Town Neck", "Veterans", "Wakeby", "Watch Hill", "West Dennis", "Whites", "Wings Neck",
  "Wood Neck", "Cedar", "Pine", "Maple", "Hamblin", "Johns", "Mystic", "Shubael", "Peters", "Wequaquet",
];

export const MARINE_SUFFIXES: readonly string[] = [
  "Beach",
  "Beach - North",
  "Beach - South",
  "Landing",
  "Point",
  "Cove",
  "Harbor Beach",
  "Town Landing",
];
export const FRESH_SUFFIXES: readonly string[] = [
  "Pond",
  "Lake",
  "Pond Beach",
  "Reservoir",
  "Lake Beach",
  "Pond - Town Beach",
];

/** Weather stations of the precipitation files. */
export const PRECIP_STATIONS: readonly { file: string; name: string; annualMean: number }[] = [
  { file: "boston-logan", name: "Boston Logan Intl AP", annualMean: 43.8 },
  { file: "hyannis", name: "Hyannis Barnstable Muni AP", annualMean: 46.1 },
  { file: "nantucket", name: "Nantucket Memorial AP", annualMean: 41.9 },
  { file: "worcester", name: "Worcester Regional AP", annualMean: 48.6 },
];
