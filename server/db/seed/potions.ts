import type { CategoryId } from '../../../domain/catalogue.ts';

/**
 * The demo catalogue a fresh shop opens with. Copy, prices and stock levels are deliberately varied so every
 * storefront state (signature shelf, low stock, sold out, newest, best-selling) has something real to show.
 */

export interface SeedCategory {
  id: CategoryId;
  name: string;
  description: string;
  icon: string;
  position: number;
}

export interface SeedPotion {
  slug: string;
  name: string;
  category: CategoryId;
  isSignature: boolean;
  description: string;
  longDescription: string;
  priceRupees: number;
  sizes: { size: '15ml' | '30ml' | '50ml'; priceRupees: number }[];
  inventory: number;
  sales: number;
  notes: { top: string[]; heart: string[]; base: string[] };
  effect: string;
  ingredients: string;
  usage: string;
  image: string;
  createdDaysAgo: number;
}

export const seedCategories: SeedCategory[] = [
  {
    id: 'signature',
    name: 'Signature Scents',
    description: 'The eight potions our house was built on, blended to the same candle-lit recipes since the first batch.',
    icon: 'crown',
    position: 0,
  },
  {
    id: 'ritual',
    name: 'Ritual Potions',
    description: 'Resinous, smoky blends for lighting candles, casting circles and marking the quiet turning points of a day.',
    icon: 'candle',
    position: 1,
  },
  {
    id: 'seduction',
    name: 'Seduction Elixirs',
    description: 'Night flowers, warm skin and soft spice: slow-blooming scents meant to be noticed only up close.',
    icon: 'heart',
    position: 2,
  },
  {
    id: 'protection',
    name: 'Protection Charms',
    description: 'Sharp herbs, smoke and roots worn as a ward against envy, ill will and draining company.',
    icon: 'shield',
    position: 3,
  },
  {
    id: 'transformation',
    name: 'Transformation Brews',
    description: 'Shadowy, shifting blends for new moons, eclipses and every threshold you are about to cross.',
    icon: 'moon',
    position: 4,
  },
  {
    id: 'wisdom',
    name: 'Wisdom Tinctures',
    description: 'Tea, paper, incense and woods for study, divination and clear thinking long after midnight.',
    icon: 'eye',
    position: 5,
  },
  {
    id: 'healing',
    name: 'Healing Draughts',
    description: 'Gentle, green and earthy potions to soothe frayed nerves, slow the breath and invite good sleep.',
    icon: 'leaf',
    position: 6,
  },
];

/** Rounds to the nearest ten and drops a rupee, the way shelf prices are written (₹1,299, ₹849). */
function shelfPrice(rupees: number): number {
  return Math.max(9, Math.round(rupees / 10) * 10 - 1);
}

/** Smaller bottles cost proportionally more per ml, as they do at every perfumer: 30ml ≈ 65%, 15ml ≈ 40%. */
function sizeLadder(fiftyMl: number): SeedPotion['sizes'] {
  return [
    { size: '15ml', priceRupees: shelfPrice(fiftyMl * 0.4) },
    { size: '30ml', priceRupees: shelfPrice(fiftyMl * 0.65) },
    { size: '50ml', priceRupees: fiftyMl },
  ];
}

type PotionDraft = Omit<SeedPotion, 'sizes' | 'image' | 'isSignature'>;

function potion(draft: PotionDraft): SeedPotion {
  return {
    ...draft,
    isSignature: draft.category === 'signature',
    sizes: sizeLadder(draft.priceRupees),
    image: `/images/potions/${draft.slug}.webp`,
  };
}

export const seedPotions: SeedPotion[] = [
  // Signature scents
  potion({
    slug: 'valor',
    name: 'Valor',
    category: 'signature',
    description:
      'A brave, smouldering blend of black pepper, saffron and worn leather. Made for the days that ask more of you than you think you have.',
    longDescription:
      'Valor opens with a crack of black pepper and bright bergamot, like a match struck in a cold room. Saffron warms the heart slowly, threads of gold steeped overnight, before the whole potion settles onto soft leather and the damp-earth depth of vetiver. We blend it on the first night of the waxing moon, when beginnings are strongest, and rest it for six weeks in amber glass before bottling. Wear it to the interview, the hard conversation, the first day of anything.',
    priceRupees: 2999,
    inventory: 46,
    sales: 612,
    notes: { top: ['Black Pepper', 'Bergamot'], heart: ['Saffron'], base: ['Leather', 'Vetiver'] },
    effect: 'Steadies a trembling hand and lends the wearer the quiet courage to speak first.',
    ingredients:
      'Perfumer’s alcohol, fragrance, saffron extract, vetiver root oil, bergamot peel oil, black pepper seed oil, limonene, linalool',
    usage:
      'Spray once on each wrist and once at the base of the throat, then leave it be: the leather arrives after about twenty minutes.',
    createdDaysAgo: 298,
  }),
  potion({
    slug: 'da-bomb',
    name: 'Da Bomb',
    category: 'signature',
    description:
      'A bright burst of blood orange and pink pepper over cinnamon and creamy tonka. Loud, joyful and impossible to ignore.',
    longDescription:
      'Da Bomb is the potion we reach for when a room needs waking up. It bursts open with blood orange and pink pepper, fizzing like the first spark of a phuljhadi on Diwali night, then drops into a warm heart of cinnamon bark. Tonka bean and amber give it a soft, almond-sweet landing that lingers on scarves for days. It is poured by hand in small batches and is never quite the same twice, which is rather the point.',
    priceRupees: 2499,
    inventory: 38,
    sales: 734,
    notes: { top: ['Blood Orange', 'Pink Pepper'], heart: ['Cinnamon Bark'], base: ['Tonka Bean', 'Amber'] },
    effect: 'Draws every eye in the room and sets a flagging conversation alight.',
    ingredients:
      'Perfumer’s alcohol, fragrance, blood orange peel oil, cinnamon bark extract, tonka bean absolute, pink pepper oil, coumarin, limonene, cinnamal',
    usage:
      'One spray at the neck is plenty; this one carries. Best worn to celebrations, late dinners and anywhere with music.',
    createdDaysAgo: 251,
  }),
  potion({
    slug: 'oriental-forent',
    name: 'Oriental Forent',
    category: 'signature',
    description:
      'Cardamom, Damask rose and saffron laid over a deep bed of oud and amber. Opulent, slow and made for candle-lit evenings.',
    longDescription:
      'Oriental Forent is our most lavish potion, built the old way, layer upon layer. Green cardamom opens it like a lid lifted from a spice box; then comes a heart of Damask rose and saffron, rich and faintly honeyed. Beneath it all, oud and amber smoulder for hours, growing warmer and darker on the skin. Each batch rests for three full moons before it is bottled, and you can smell the patience in it.',
    priceRupees: 3499,
    inventory: 22,
    sales: 389,
    notes: { top: ['Cardamom'], heart: ['Damask Rose', 'Saffron'], base: ['Oud', 'Amber'] },
    effect: 'Wraps the wearer in an unhurried, regal calm that others find hard to look away from.',
    ingredients:
      'Perfumer’s alcohol, fragrance, agarwood (oud) oil, Damask rose absolute, saffron extract, cardamom seed oil, benzyl benzoate, geraniol, citronellol',
    usage:
      'Dab or spray onto warm pulse points at dusk. A little goes a very long way; it will still be there at breakfast.',
    createdDaysAgo: 270,
  }),
  potion({
    slug: 'dazzling-dream',
    name: 'Dazzling Dream',
    category: 'signature',
    description:
      'Juicy pear and orange blossom drifting over clean white musk. A soft, luminous scent, like waking from a lovely dream.',
    longDescription:
      'Dazzling Dream is light caught in glass. Ripe pear and bergamot open it with a gentle sparkle before orange blossom and jasmine unfold, sweet and sunlit, in the heart. It dries down to a whisper of white musk that sits close to the skin like a silk pillowcase. We blend it under the full moon, when the veil between sleeping and waking is thinnest, and it carries that hazy, hopeful glow all day.',
    priceRupees: 2299,
    inventory: 64,
    sales: 402,
    notes: { top: ['Pear', 'Bergamot'], heart: ['Orange Blossom', 'Jasmine'], base: ['White Musk'] },
    effect: 'Lifts a heavy heart and keeps the sweetness of last night’s dreams close until evening.',
    ingredients:
      'Perfumer’s alcohol, fragrance, orange blossom absolute, jasmine grandiflorum extract, bergamot peel oil, musk, linalool, benzyl salicylate',
    usage:
      'Spray generously on hair and clothes as well as skin; it is a quiet scent and loves to be worn lavishly. Refresh after midday.',
    createdDaysAgo: 143,
  }),
  potion({
    slug: 'in-the-wilds',
    name: 'In The Wilds',
    category: 'signature',
    description:
      'Galbanum, juniper and fir balsam over oakmoss and cedar. A walk into the deep forest with nobody else for miles.',
    longDescription:
      'In The Wilds smells of the hour after rain in an old forest. Sharp green galbanum and crushed juniper berries open it, cold and bracing, before fir balsam brings a resinous warmth to the heart. Oakmoss and cedarwood settle it into something dark, damp and grounding, like sitting with your back against a great tree. We make it for wanderers, and for those who would like to be.',
    priceRupees: 2699,
    inventory: 31,
    sales: 297,
    notes: { top: ['Galbanum', 'Juniper Berry'], heart: ['Fir Balsam'], base: ['Oakmoss', 'Cedarwood'] },
    effect: 'Quietens a crowded mind and calls the wearer back to their own wild nature.',
    ingredients:
      'Perfumer’s alcohol, fragrance, galbanum resin oil, juniper berry oil, fir balsam absolute, oakmoss extract (low atranol), cedarwood oil, limonene, pinene',
    usage:
      'Spray on the chest and wrists before heading out. It layers beautifully under Dark Poppy for a moodier night-time trail.',
    createdDaysAgo: 187,
  }),
  potion({
    slug: 'dark-poppy',
    name: 'Dark Poppy',
    category: 'signature',
    description:
      'Crimson poppy petals, blackcurrant and powdery orris over dark patchouli. Velvety, bittersweet and made for long, heavy-lidded nights.',
    longDescription:
      'Dark Poppy began with a field of red poppies at dusk, their petals turning almost black as the light went. Blackcurrant and pink pepper give it a tart, jewel-bright opening; the heart is an accord of red poppy and powdery orris, soft as crushed velvet. Earthy patchouli draws everything down into the dark, where it lingers beautifully. It is the most dreamlike thing we make, and the potion our regulars come back for twice.',
    priceRupees: 3299,
    inventory: 3,
    sales: 688,
    notes: { top: ['Blackcurrant', 'Pink Pepper'], heart: ['Red Poppy', 'Orris'], base: ['Patchouli'] },
    effect: 'Invites deep, vivid dreams and lets the wearer drift easily between waking and sleep.',
    ingredients:
      'Perfumer’s alcohol, fragrance, blackcurrant bud absolute, orris root butter, patchouli leaf oil, pink pepper oil, red poppy accord, alpha-isomethyl ionone, linalool',
    usage:
      'Mist onto the wrists and pillow an hour before bed, or wear it on evenings when you would like to be a little mysterious.',
    createdDaysAgo: 226,
  }),
  potion({
    slug: 'arctic-paradise',
    name: 'Arctic Paradise',
    category: 'signature',
    description:
      'Icy spearmint and yuzu over sea salt, water lily and pale cedar. Crisp, clean and as bracing as a winter dawn.',
    longDescription:
      'Arctic Paradise is the cold made beautiful: frost on a window, breath in the air, the sky turning pink over snow. Spearmint and yuzu open it with a clean, sparkling chill, softened by a heart of water lily and a mineral trace of sea salt. Pale cedarwood gives it quiet structure as it warms on the skin. It is our answer to the heavy heat of an Indian May, and the summer batch always sells out before the monsoon arrives.',
    priceRupees: 2799,
    inventory: 0,
    sales: 803,
    notes: { top: ['Yuzu', 'Spearmint'], heart: ['Water Lily', 'Sea Salt'], base: ['Cedarwood'] },
    effect: 'Cools a hot temper and brings a clear, crystalline focus to the warmest of days.',
    ingredients:
      'Perfumer’s alcohol, fragrance, yuzu peel oil, spearmint leaf oil, cedarwood oil, sea salt accord, menthol, limonene, linalool',
    usage:
      'Keep the bottle in the fridge through summer and spray liberally on the neck and arms. Reapply as often as you like.',
    createdDaysAgo: 205,
  }),
  potion({
    slug: 'pereisia',
    name: 'Pereisia',
    category: 'signature',
    description:
      'Pomegranate, Taif rose and saffron on a base of creamy sandalwood. Our tribute to the walled gardens of old Persia.',
    longDescription:
      'Pereisia is named for a garden we have only ever visited in stories: high walls, running water, pomegranate trees heavy with fruit. Tart, ruby-red pomegranate and bergamot open it; the heart is Taif rose and saffron, lush and golden, the scent of a lamp-lit courtyard after dark. It rests on creamy sandalwood that grows softer and sweeter with every hour. This is the crown of our collection, made in the smallest batches of all.',
    priceRupees: 3999,
    inventory: 14,
    sales: 142,
    notes: { top: ['Pomegranate', 'Bergamot'], heart: ['Taif Rose', 'Saffron'], base: ['Sandalwood'] },
    effect: 'Opens the heart to beauty and lends the wearer an unshakeable, graceful self-possession.',
    ingredients:
      'Perfumer’s alcohol, fragrance, Taif rose oil, saffron extract, sandalwood oil, pomegranate accord, bergamot peel oil, citronellol, geraniol, eugenol',
    usage:
      'Spray once behind each ear and once on the inner elbows. Beautiful on its own, and quietly magnificent over Oriental Forent.',
    createdDaysAgo: 58,
  }),

  // Ritual potions
  potion({
    slug: 'midnight-vesper',
    name: 'Midnight Vesper',
    category: 'ritual',
    description:
      'Frankincense, labdanum and myrrh around a bright thread of elemi. The hush of a temple after the last bell.',
    longDescription:
      'Midnight Vesper is made for the moment before a ritual, when the candles are lit and the room goes still. Lemony elemi resin lifts the opening, and then the smoke rises: frankincense and labdanum, golden and resinous, curling through the heart. Myrrh and benzoin settle it into a deep, balsamic warmth that clings to cloth and skin alike. Wear it to meditate, to write by candlelight, or simply to close a long day.',
    priceRupees: 2199,
    inventory: 27,
    sales: 184,
    notes: { top: ['Elemi'], heart: ['Frankincense', 'Labdanum'], base: ['Myrrh', 'Benzoin'] },
    effect: 'Clears stale energy from a room and sharpens intention before spellwork or prayer.',
    ingredients:
      'Perfumer’s alcohol, fragrance, frankincense resin oil, labdanum absolute, myrrh resin oil, elemi oil, benzoin resinoid, benzyl benzoate',
    usage:
      'Spray once on the wrists and once into the air of the room before you light your candles, then breathe it in slowly.',
    createdDaysAgo: 164,
  }),
  potion({
    slug: 'sunwise-circle',
    name: 'Sunwise Circle',
    category: 'ritual',
    description:
      'Lemon, bay leaf and clove over copal and sandalwood. A bright opening for any ritual, named for the circle cast deosil.',
    longDescription:
      'Deosil means sunwise, the direction in which a circle is cast, and Sunwise Circle is the potion our name grew from. Sharp lemon and bay leaf open it like a window thrown wide, then clove brings a warm, spiced heart. Copal and sandalwood close it gently, smoky-sweet and steady. We make it on Sundays at noon, when the sun stands highest, and it carries that clear, golden light into every room it enters.',
    priceRupees: 1899,
    inventory: 52,
    sales: 311,
    notes: { top: ['Lemon', 'Bay Leaf'], heart: ['Clove'], base: ['Copal', 'Sandalwood'] },
    effect: 'Draws a bright circle around the wearer and welcomes in good fortune, clarity and warmth.',
    ingredients:
      'Perfumer’s alcohol, fragrance, lemon peel oil, bay leaf oil, clove bud oil, copal resin extract, sandalwood oil, eugenol, limonene',
    usage:
      'Trace a circle of scent, sunwise: left wrist, throat, right wrist. Wear it at the start of anything new.',
    createdDaysAgo: 289,
  }),
  potion({
    slug: 'nine-wicks',
    name: 'Nine Wicks',
    category: 'ritual',
    description:
      'Golden beeswax, cinnamon bark and orange peel over benzoin and tonka. A room lit by nothing but candles.',
    longDescription:
      'Nine Wicks is the scent of a room lit entirely by candlelight. Orange peel gives it a bright, glowing spark, and then comes the heart: honeyed beeswax and cinnamon bark, warm as a flame cupped in the hand. Benzoin and tonka bean melt it down into something soft, sweet and resinous, a gentle smoke that never stings the eyes. We make only a few dozen bottles at a time, poured by candlelight, of course.',
    priceRupees: 1999,
    inventory: 0,
    sales: 342,
    notes: { top: ['Orange Peel'], heart: ['Beeswax', 'Cinnamon Bark'], base: ['Benzoin', 'Tonka Bean'] },
    effect: 'Brings the warmth of home to any room and keeps a wavering flame of hope alight.',
    ingredients:
      'Perfumer’s alcohol, fragrance, beeswax absolute, cinnamon bark oil, sweet orange peel oil, benzoin resinoid, tonka bean absolute, coumarin, cinnamal',
    usage:
      'Wear on the wrists on cold evenings, or spray onto a shawl and let it keep you company for days.',
    createdDaysAgo: 118,
  }),

  // Seduction elixirs
  potion({
    slug: 'velvet-hex',
    name: 'Velvet Hex',
    category: 'seduction',
    description:
      'Tuberose and jasmine sambac curl over raspberry, vanilla and musk. Heady, soft and quietly dangerous.',
    longDescription:
      'Velvet Hex is a spell cast slowly. A dark, juicy raspberry opening gives way to tuberose and jasmine sambac, creamy and intoxicating, the kind of white flowers that fill a whole garden at night. Bourbon vanilla and skin-warm musk soften it all into a lingering trail that stays close to the body. It is unapologetically romantic, and meant to be noticed only by those who come near.',
    priceRupees: 2799,
    inventory: 19,
    sales: 167,
    notes: { top: ['Raspberry'], heart: ['Tuberose', 'Jasmine Sambac'], base: ['Vanilla', 'Musk'] },
    effect: 'Draws the one you are thinking of a little closer, and keeps them there a little longer.',
    ingredients:
      'Perfumer’s alcohol, fragrance, tuberose absolute, jasmine sambac absolute, vanilla extract, raspberry accord, musk, benzyl salicylate, linalool',
    usage:
      'Apply to the base of the throat, behind the ears and on the inner wrists. Save it for the evenings that matter.',
    createdDaysAgo: 97,
  }),
  potion({
    slug: 'raat-rani',
    name: 'Raat Rani',
    category: 'seduction',
    description:
      'Night-blooming jasmine and ylang-ylang over sandalwood and ambrette. The scent of a garden that only wakes after dark.',
    longDescription:
      'Raat Rani is named for the night-blooming jasmine that perfumes Indian lanes and courtyards once the sun goes down. A cool touch of bergamot opens it, then the flowers arrive in full: raat rani and ylang-ylang, sweet, creamy and almost narcotic. Sandalwood and musky ambrette seed give it a warm, skin-like base that lasts well into the small hours. We blend it only on warm, moonlit nights, when the real flowers are at their loudest.',
    priceRupees: 2499,
    inventory: 41,
    sales: 118,
    notes: {
      top: ['Bergamot'],
      heart: ['Night-Blooming Jasmine', 'Ylang-Ylang'],
      base: ['Sandalwood', 'Ambrette Seed'],
    },
    effect: 'Awakens desire after dusk and makes the wearer magnetic by lamplight.',
    ingredients:
      'Perfumer’s alcohol, fragrance, ylang-ylang flower oil, sandalwood oil, ambrette seed oil, night jasmine accord, bergamot peel oil, benzyl benzoate, farnesol',
    usage:
      'Spray on the neck and hair as evening falls. It blooms slowly, so give it a few minutes before you judge it.',
    createdDaysAgo: 33,
  }),
  potion({
    slug: 'scarlet-thread',
    name: 'Scarlet Thread',
    category: 'seduction',
    description:
      'Rose absolute and lychee brightened with pink pepper, over amber and soft musk. A love charm tied with a red thread.',
    longDescription:
      'In many old stories, an invisible red thread binds together those who are fated to meet. Scarlet Thread is our take on that charm: a sparkling opening of pink pepper and lychee, then a heart of deep rose absolute, full and velvety as a petal pressed between the fingers. Warm amber and clean musk keep it close and intimate as it dries. It is a rose for people who think they do not like roses.',
    priceRupees: 2299,
    inventory: 35,
    sales: 39,
    notes: { top: ['Pink Pepper', 'Lychee'], heart: ['Rose Absolute'], base: ['Amber', 'Musk'] },
    effect: 'Strengthens the bond between lovers and draws kindred spirits closer.',
    ingredients:
      'Perfumer’s alcohol, fragrance, rose absolute, pink pepper oil, lychee accord, amber accord, musk, citronellol, geraniol',
    usage: 'Spray on the wrists and press them together once. Share the bottle with someone you love.',
    createdDaysAgo: 12,
  }),

  // Protection charms
  potion({
    slug: 'iron-ward',
    name: 'Iron Ward',
    category: 'protection',
    description:
      'Black pepper, cypress and smoky vetiver over labdanum. A sharp, steely shield for difficult days and draining company.',
    longDescription:
      'Iron Ward is built like armour: cold, clean and strong. Black pepper and elemi give it a bracing, almost metallic snap, and cypress stands tall in the heart, green and resinous. Smoky vetiver and dark labdanum anchor the base, a scent of ash and earth that holds steady for hours. We make it on the dark moon, the traditional night for protection work, and recommend it to anyone walking into a room they would rather avoid.',
    priceRupees: 2199,
    inventory: 4,
    sales: 244,
    notes: { top: ['Black Pepper', 'Elemi'], heart: ['Cypress'], base: ['Vetiver', 'Labdanum'] },
    effect: 'Turns away envy and ill will, and keeps the wearer’s energy firmly their own.',
    ingredients:
      'Perfumer’s alcohol, fragrance, black pepper oil, cypress oil, vetiver root oil, labdanum absolute, elemi oil, limonene, pinene',
    usage:
      'Spray at the throat and the back of the neck before leaving home. Reapply whenever you feel yourself flagging.',
    createdDaysAgo: 176,
  }),
  potion({
    slug: 'hearthguard',
    name: 'Hearthguard',
    category: 'protection',
    description:
      'Bay leaf, clove and rosemary over cedarwood and benzoin. A warm, herbal charm to keep a home safe and its people close.',
    longDescription:
      'Hearthguard smells of a kitchen where something good is always simmering and nothing unkind can get in. Bay leaf and clove open it, warm and faintly medicinal, then rosemary, the old guardian herb of doorways, brings a fresh, green heart. Cedarwood and sweet benzoin settle it into a cosy, resinous base. Wear it yourself, or mist it over the curtains by the front door.',
    priceRupees: 1799,
    inventory: 58,
    sales: 94,
    notes: { top: ['Bay Leaf', 'Clove'], heart: ['Rosemary'], base: ['Cedarwood', 'Benzoin'] },
    effect: 'Guards the threshold of a home and keeps quarrels, bad luck and unwelcome guests at bay.',
    ingredients:
      'Perfumer’s alcohol, fragrance, bay leaf oil, clove bud oil, rosemary leaf oil, cedarwood oil, benzoin resinoid, eugenol, camphor',
    usage:
      'Wear on the wrists, or mist across doorways and window sills whenever the house feels unsettled.',
    createdDaysAgo: 74,
  }),
  potion({
    slug: 'nazar',
    name: 'Nazar',
    category: 'protection',
    description: 'Lime, green chilli and holy basil over cooling khus. A sharp, spirited charm against the evil eye.',
    longDescription:
      'Every Indian household knows the lime and green chillies strung above a doorway to ward off nazar, the envious eye. Nazar bottles that old charm: zesty lime and a bright bite of chilli pepper open it, fresh and fearless. Holy basil brings a clean, peppery-green heart, and khus, the cooling vetiver root of summer screens, lays an earthy base beneath a little cedarwood. It is cheeky, protective and wonderfully refreshing on a hot afternoon.',
    priceRupees: 1699,
    inventory: 73,
    sales: 71,
    notes: { top: ['Lime', 'Chilli Pepper'], heart: ['Holy Basil'], base: ['Khus (Vetiver)', 'Cedarwood'] },
    effect: 'Deflects envious glances and sends ill wishes back where they came from.',
    ingredients:
      'Perfumer’s alcohol, fragrance, lime peel oil, chilli pepper extract, holy basil (tulsi) leaf oil, vetiver root oil, cedarwood oil, citral, limonene',
    usage:
      'Spray at the throat and on both wrists before stepping out, and again after any encounter that leaves you uneasy.',
    createdDaysAgo: 21,
  }),

  // Transformation brews
  potion({
    slug: 'chrysalis',
    name: 'Chrysalis',
    category: 'transformation',
    description:
      'Fig leaf and green mandarin over iris and mimosa, resting on soft musk. A gentle green scent for new beginnings.',
    longDescription:
      'Chrysalis is for the in-between: the quiet, tender stage before something new breaks through. Milky green fig leaf and green mandarin open it, fresh as a stem snapped in spring. Iris and mimosa form a powdery, golden heart, delicate but surprisingly persistent, and a skin-soft musk holds it together as it unfolds. We blend it at the new moon, the natural hour for starting over.',
    priceRupees: 2499,
    inventory: 44,
    sales: 17,
    notes: { top: ['Fig Leaf', 'Green Mandarin'], heart: ['Iris', 'Mimosa'], base: ['Musk'] },
    effect: 'Softens the fear of change and helps the wearer step gracefully into a new chapter.',
    ingredients:
      'Perfumer’s alcohol, fragrance, fig leaf absolute, green mandarin oil, orris root extract, mimosa absolute, musk, hydroxycitronellal, limonene',
    usage:
      'Wear daily for one full lunar cycle when you are beginning something new, on the wrists and the back of the neck.',
    createdDaysAgo: 6,
  }),
  potion({
    slug: 'umbra',
    name: 'Umbra',
    category: 'transformation',
    description:
      'Grapefruit and cardamom sink into osmanthus, suede and glowing amber. A shadowy scent for the moment everything changes.',
    longDescription:
      'Umbra is named for the darkest part of an eclipse’s shadow, the moment the moon goes black and the old order briefly falls away. Bitter grapefruit and cool cardamom open it, then osmanthus brings an apricot-soft, faintly leathery heart. Suede and a mineral amber close it, warm and smoky, with a quiet glow like the ring of light around an eclipsed sun. It is our most unusual potion, and the one people ask about most.',
    priceRupees: 2999,
    inventory: 0,
    sales: 213,
    notes: { top: ['Grapefruit', 'Cardamom'], heart: ['Osmanthus'], base: ['Suede', 'Amber'] },
    effect: 'Helps the wearer shed an old skin and walk out of one life into the next.',
    ingredients:
      'Perfumer’s alcohol, fragrance, grapefruit peel oil, cardamom seed oil, osmanthus absolute, suede accord, amber accord, limonene, linalool',
    usage:
      'Apply to pulse points on nights of change: eclipses, new moons, birthdays, last days. Let it wear down slowly on the skin.',
    createdDaysAgo: 131,
  }),

  // Wisdom tinctures
  potion({
    slug: 'scriptorium',
    name: 'Scriptorium',
    category: 'wisdom',
    description:
      'Black tea, papyrus and cedarwood over a soft trace of vanilla. The scent of an old library by lamplight.',
    longDescription:
      'Scriptorium smells of knowledge kept in the dark: cloth-bound books, dry paper and a cup of tea going cold beside the lamp. Bergamot and smoky black tea open it, then papyrus and cedarwood form a dry, woody heart with the faint dustiness of old pages. A thread of vanilla warms the base, like the sweetness of a long-loved book. Wear it to study, to write, or to lose an afternoon in reading.',
    priceRupees: 2199,
    inventory: 29,
    sales: 203,
    notes: { top: ['Bergamot', 'Black Tea'], heart: ['Papyrus', 'Cedarwood'], base: ['Vanilla'] },
    effect: 'Sharpens memory and focus, and helps the wearer hold on to what they learn.',
    ingredients:
      'Perfumer’s alcohol, fragrance, black tea extract, papyrus oil, cedarwood oil, bergamot peel oil, vanilla extract, vanillin, linalool',
    usage:
      'Spray once on each wrist before you sit down to work, and breathe it in whenever your attention wanders.',
    createdDaysAgo: 240,
  }),
  potion({
    slug: 'oracle-smoke',
    name: 'Oracle Smoke',
    category: 'wisdom',
    description:
      'Clary sage and bergamot over frankincense, oud and myrrh. A contemplative, smoky potion for divination and deep thought.',
    longDescription:
      'Oracle Smoke is made for the hour of reading cards, casting runes or simply gazing into a candle flame until the answers come. Clary sage and bergamot open it, herbal and slightly hazy, before frankincense rises through the heart like smoke from a brass censer. Oud and myrrh give it a dark, resinous depth that seems to slow time itself. It is a serious potion, and a beautiful one.',
    priceRupees: 3299,
    inventory: 2,
    sales: 119,
    notes: { top: ['Clary Sage', 'Bergamot'], heart: ['Frankincense'], base: ['Oud', 'Myrrh'] },
    effect: 'Opens the inner eye and makes intuition easier to trust.',
    ingredients:
      'Perfumer’s alcohol, fragrance, clary sage oil, frankincense resin oil, agarwood (oud) oil, myrrh resin oil, bergamot peel oil, linalyl acetate, linalool',
    usage:
      'Dab a little on the wrists and just below the hairline before divination, meditation or journalling.',
    createdDaysAgo: 85,
  }),
  potion({
    slug: 'owl-hour',
    name: 'Owl Hour',
    category: 'wisdom',
    description:
      'Cardamom and lavender over violet leaf, orris and sandalwood. A calm, clear-headed scent for thinking late into the night.',
    longDescription:
      'Owl Hour belongs to the quiet stretch after midnight, when the house sleeps and thoughts run clearest. Cardamom and lavender open it, cool and aromatic, before a heart of green violet leaf and powdery orris settles the mind. Creamy sandalwood gives a soft, steady base that stays close to the skin. We think of it as a companion for night owls, students and anyone who does their best thinking by lamplight.',
    priceRupees: 1999,
    inventory: 37,
    sales: 58,
    notes: { top: ['Cardamom', 'Lavender'], heart: ['Violet Leaf', 'Orris'], base: ['Sandalwood'] },
    effect: 'Brings patience and clear judgement to the wearer, especially in the late hours.',
    ingredients:
      'Perfumer’s alcohol, fragrance, lavender oil, cardamom seed oil, violet leaf absolute, orris root extract, sandalwood oil, linalool, alpha-isomethyl ionone',
    usage: 'Spray on the wrists and collar in the evening. It is gentle enough to wear every day.',
    createdDaysAgo: 45,
  }),

  // Healing draughts
  potion({
    slug: 'first-rain',
    name: 'First Rain',
    category: 'healing',
    description:
      'Lemongrass and lotus over mitti attar and vetiver. The smell of dry earth meeting the first monsoon shower.',
    longDescription:
      'There is no scent quite like the first rain on parched Indian earth, and First Rain is our attempt to keep it in a bottle. Lemongrass and a breath of green mango open it, fresh and bright, before a heart of mitti attar, sun-baked clay distilled the old way, and cool lotus. Vetiver roots it all in a deep, damp, endlessly calming base. We release it as the monsoon arrives, though it is welcome in any season.',
    priceRupees: 1899,
    inventory: 80,
    sales: 23,
    notes: { top: ['Lemongrass', 'Green Mango'], heart: ['Mitti Attar', 'Lotus'], base: ['Vetiver'] },
    effect: 'Soothes frayed nerves, eases a restless mind and brings the relief of rain after long heat.',
    ingredients:
      'Perfumer’s alcohol, fragrance, mitti attar (baked earth distillate in sandalwood oil), vetiver root oil, lemongrass oil, lotus absolute, citral, geraniol',
    usage:
      'Spray on the wrists, temples and neck whenever you need to slow down. Lovely on cotton and linen, too.',
    createdDaysAgo: 3,
  }),
  potion({
    slug: 'hush',
    name: 'Hush',
    category: 'healing',
    description:
      'Chamomile, lavender and neroli over soft sandalwood. A tender bedtime draught to settle the body and quiet the mind.',
    longDescription:
      'Hush is the potion we make for the hours when sleep will not come. Bergamot and Roman chamomile open it, apple-soft and soothing, then lavender and neroli form a calm, gently floral heart. A creamy sandalwood base wraps around it all like a warm blanket. It is our gentlest blend, made at the waning moon, when everything is letting go.',
    priceRupees: 1499,
    inventory: 66,
    sales: 6,
    notes: { top: ['Bergamot', 'Roman Chamomile'], heart: ['Lavender', 'Neroli'], base: ['Sandalwood'] },
    effect: 'Eases the tension from tired shoulders and coaxes the wearer gently towards sleep.',
    ingredients:
      'Perfumer’s alcohol, fragrance, Roman chamomile oil, lavender oil, neroli oil, sandalwood oil, bergamot peel oil, linalool, linalyl acetate',
    usage: 'Mist on the pillow and wrists as part of your bedtime ritual. Breathe slowly and let it work.',
    createdDaysAgo: 1,
  }),
];
