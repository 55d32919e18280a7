// How long ago something was updated, in words: shared by the pages that show the age of what they list.
export const age = {
  ageNow: { es: 'hace menos de una hora', en: 'less than an hour ago' },
  ageHours: {
    es: { one: 'hace 1 hora', other: 'hace {n} horas' },
    en: { one: '1 hour ago', other: '{n} hours ago' },
  },
  ageDays: {
    es: { one: 'hace 1 día', other: 'hace {n} días' },
    en: { one: '1 day ago', other: '{n} days ago' },
  },
} as const;
