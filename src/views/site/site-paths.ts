// Addresses of public pages that the frame (menu, footer) and other pages link to: each said once here.
/** "Quiero ayudar": what is needed near the person first, then offering something. */
export const HELP_CHOICE_PATH = '/ayudar';
/** One door for every code a person holds (receipt, pledge, route claim, support reference). */
export const CODE_PATH = '/codigo';
/** The open data, in plain Spanish, for people rather than programs. */
export const OPEN_DATA_PATH = '/datos-abiertos';
/** Who answers for the data, people's rights, and each emergency's team contact. */
export const PRIVACY_PATH = '/privacidad';
