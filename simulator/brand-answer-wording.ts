import type { AnswerLanguage } from './answer-style.ts';

/**
 * What a brand answer says around and about each brand, in each language a system prompt can ask for. The English
 * tone lines use the words a reader (and Quorum's analysis) takes for that tone; the other languages say the same.
 */

export type Tone = 'positive' | 'neutral' | 'negative';

export interface BrandAnswerWording {
  /** `{count}` and `{category}` are filled in; the category names are English, so other languages leave it out. */
  openings: readonly string[];
  closings: readonly string[];
  toneLines: Record<Tone, readonly string[]>;
}

const ENGLISH: BrandAnswerWording = {
  openings: ['Here are {count} {category} worth a look:', 'A few {category} people often consider:', 'These {count} {category} come up most:'],
  closings: ['The right pick depends on budget and team size.', 'Try two of them side by side before committing.', 'Prices and plans change, so check the current terms.'],
  toneLines: {
    positive: [
      'is excellent and highly recommended.',
      'stands out as the best fit for most teams, with excellent support.',
      'is praised for being fast and easy to use.',
    ],
    neutral: ['is another option, with a different set of features.', 'is another option to consider.', 'is also available in most regions.'],
    negative: [
      'is slower and pricier than the others, so many reviewers avoid it.',
      'is overpriced and unreliable, so many avoid it.',
      'is often described as clunky and disappointing.',
    ],
  },
};

const FRENCH: BrandAnswerWording = {
  openings: ['Voici {count} options à considérer :', 'Quelques noms que l’on cite souvent :', 'Ces {count} noms reviennent le plus souvent :'],
  closings: ['Le bon choix dépend du budget et de la taille de l’équipe.', 'Essayez-en deux côte à côte avant de vous engager.', 'Les prix changent, alors vérifiez les conditions actuelles.'],
  toneLines: {
    positive: ['est excellent et vivement recommandé.', 'se distingue comme le meilleur choix pour la plupart des équipes.', 'est apprécié pour sa rapidité et sa simplicité.'],
    neutral: ['est une autre option, avec d’autres fonctionnalités.', 'est une autre option à considérer.', 'est aussi disponible dans la plupart des régions.'],
    negative: ['est plus lent et plus cher que les autres, et beaucoup l’évitent.', 'est trop cher et peu fiable.', 'est souvent jugé lourd et décevant.'],
  },
};

const SPANISH: BrandAnswerWording = {
  openings: ['Estas son {count} opciones que vale la pena mirar:', 'Algunos nombres que se mencionan a menudo:', 'Estos {count} nombres aparecen con más frecuencia:'],
  closings: ['La mejor elección depende del presupuesto y del tamaño del equipo.', 'Prueba dos de ellos lado a lado antes de decidir.', 'Los precios cambian, así que revisa las condiciones actuales.'],
  toneLines: {
    positive: ['es excelente y muy recomendable.', 'destaca como la mejor opción para la mayoría de los equipos.', 'es elogiado por ser rápido y fácil de usar.'],
    neutral: ['es otra opción, con otras funciones.', 'es otra opción a tener en cuenta.', 'también está disponible en la mayoría de las regiones.'],
    negative: ['es más lento y más caro que los demás, y muchos lo evitan.', 'es caro y poco fiable.', 'suele describirse como torpe y decepcionante.'],
  },
};

const GERMAN: BrandAnswerWording = {
  openings: ['Hier sind {count} Optionen, die einen Blick wert sind:', 'Einige Namen, die oft genannt werden:', 'Diese {count} Namen tauchen am häufigsten auf:'],
  closings: ['Die richtige Wahl hängt von Budget und Teamgröße ab.', 'Testen Sie zwei davon nebeneinander, bevor Sie sich festlegen.', 'Preise ändern sich, prüfen Sie also die aktuellen Bedingungen.'],
  toneLines: {
    positive: ['ist hervorragend und sehr zu empfehlen.', 'ist für die meisten Teams die beste Wahl.', 'wird für Tempo und einfache Bedienung gelobt.'],
    neutral: ['ist eine weitere Option mit anderen Funktionen.', 'ist eine weitere Option.', 'ist auch in den meisten Regionen erhältlich.'],
    negative: ['ist langsamer und teurer als die anderen, viele meiden es.', 'ist überteuert und unzuverlässig.', 'gilt oft als umständlich und enttäuschend.'],
  },
};

export const BRAND_ANSWER_WORDING: Record<AnswerLanguage, BrandAnswerWording> = { en: ENGLISH, fr: FRENCH, es: SPANISH, de: GERMAN };
