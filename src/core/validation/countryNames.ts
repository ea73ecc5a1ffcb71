/**
 * The countries' and territories' English short names (ISO 3166-1, with the common forms beside
 * the official ones: `Ivory Coast`, `Czechia`/`Czech Republic`, `Burma`), lower-case. Two values of
 * a column one letter apart that are both names here are two countries (`Iceland`/`Ireland`,
 * `Gambia`/`Zambia`), not one spelt two ways: a misspelling makes a name no list holds.
 */
export const COUNTRY_NAMES: ReadonlySet<string> = new Set(
  [
    "Afghanistan|Åland Islands|Albania|Algeria|American Samoa|Andorra|Angola|Anguilla|Antarctica",
    "Antigua and Barbuda|Argentina|Armenia|Aruba|Australia|Austria|Azerbaijan|Bahamas|Bahrain",
    "Bangladesh|Barbados|Belarus|Belgium|Belize|Benin|Bermuda|Bhutan|Bolivia|Bonaire",
    "Bosnia and Herzegovina|Botswana|Bouvet Island|Brazil|British Indian Ocean Territory",
    "British Virgin Islands|Brunei|Brunei Darussalam|Bulgaria|Burkina Faso|Burma|Burundi",
    "Cabo Verde|Cape Verde|Cambodia|Cameroon|Canada|Cayman Islands|Central African Republic|Chad",
    "Chile|China|Christmas Island|Cocos Islands|Colombia|Comoros|Congo|Cook Islands|Costa Rica",
    "Côte d'Ivoire|Cote d'Ivoire|Ivory Coast|Croatia|Cuba|Curaçao|Curacao|Cyprus|Czechia",
    "Czech Republic|Denmark|Djibouti|Dominica|Dominican Republic|Ecuador|Egypt|El Salvador",
    "Equatorial Guinea|Eritrea|Estonia|Eswatini|Swaziland|Ethiopia|Falkland Islands|Faroe Islands",
    "Fiji|Finland|France|French Guiana|French Polynesia|French Southern Territories|Gabon|Gambia",
    "Georgia|Germany|Ghana|Gibraltar|Greece|Greenland|Grenada|Guadeloupe|Guam|Guatemala|Guernsey",
    "Guinea|Guinea-Bissau|Guyana|Haiti|Heard Island and McDonald Islands|Holy See|Vatican",
    "Honduras|Hong Kong|Hungary|Iceland|India|Indonesia|Iran|Iraq|Ireland|Isle of Man|Israel",
    "Italy|Jamaica|Japan|Jersey|Jordan|Kazakhstan|Kenya|Kiribati|North Korea|South Korea|Korea",
    "Kosovo|Kuwait|Kyrgyzstan|Laos|Latvia|Lebanon|Lesotho|Liberia|Libya|Liechtenstein|Lithuania",
    "Luxembourg|Macao|Macau|Madagascar|Malawi|Malaysia|Maldives|Mali|Malta|Marshall Islands",
    "Martinique|Mauritania|Mauritius|Mayotte|Mexico|Micronesia|Moldova|Monaco|Mongolia|Montenegro",
    "Montserrat|Morocco|Mozambique|Myanmar|Namibia|Nauru|Nepal|Netherlands|New Caledonia",
    "New Zealand|Nicaragua|Niger|Nigeria|Niue|Norfolk Island|North Macedonia|Macedonia",
    "Northern Mariana Islands|Norway|Oman|Pakistan|Palau|Palestine|Panama|Papua New Guinea",
    "Paraguay|Peru|Philippines|Pitcairn|Poland|Portugal|Puerto Rico|Qatar|Réunion|Reunion|Romania",
    "Russia|Russian Federation|Rwanda|Saint Barthélemy|Saint Helena|Saint Kitts and Nevis",
    "Saint Lucia|Saint Martin|Saint Pierre and Miquelon|Saint Vincent and the Grenadines|Samoa",
    "San Marino|Sao Tome and Principe|Saudi Arabia|Senegal|Serbia|Seychelles|Sierra Leone",
    "Singapore|Sint Maarten|Slovakia|Slovenia|Solomon Islands|Somalia|South Africa",
    "South Georgia and the South Sandwich Islands|South Sudan|Spain|Sri Lanka|Sudan|Suriname",
    "Svalbard and Jan Mayen|Sweden|Switzerland|Syria|Taiwan|Tajikistan|Tanzania|Thailand",
    "Timor-Leste|East Timor|Togo|Tokelau|Tonga|Trinidad and Tobago|Tunisia|Turkey|Türkiye",
    "Turkmenistan|Turks and Caicos Islands|Tuvalu|Uganda|Ukraine|United Arab Emirates",
    "United Kingdom|United States|United States of America|Uruguay|Uzbekistan|Vanuatu|Venezuela",
    "Vietnam|Viet Nam|Wallis and Futuna|Western Sahara|Yemen|Zambia|Zimbabwe",
  ]
    .join("|")
    .split("|")
    .map((name) => name.toLowerCase()),
);
