import { setEmergencyContact } from '../../commands/set-emergency-contact.ts';
import { type CliCommand, cliActor, requireString, UsageError, withContext } from '../io.ts';

export const emergencyContact: CliCommand = {
  path: ['emergency', 'contact'],
  summary: 'Fija el contacto público del equipo de una emergencia (teléfono, correo o dirección).',
  usage:
    'ayuda emergency contact --slug S --contact "TEXTO" [--json]\n\n' +
    'El contacto aparece en /privacidad y en cada registro publicado de la emergencia.\n' +
    'Entre 5 y 200 caracteres en una línea. --contact "" lo quita.',
  options: {
    slug: { type: 'string' },
    contact: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(args, io) {
    const slug = requireString(args, 'slug');
    // An empty value is allowed (it removes the contact), so only its absence is a usage error.
    const contact = args.values.contact;
    if (typeof contact !== 'string') throw new UsageError('falta --contact');
    const row = await withContext(io, (ctx) => setEmergencyContact(ctx, slug, contact, cliActor(io.env)));
    if (args.values.json) io.out(JSON.stringify({ slug: row.slug, publicContact: row.public_contact }));
    else
      io.out(row.public_contact ? `Contacto de ${row.slug}: ${row.public_contact}` : `Contacto de ${row.slug} quitado`);
    return 0;
  },
};
