"""X-Men HERO characters in and out of Hero Designer's ``.hdc`` files (XML): the safe
reader, the import with its mapping report, and the export. See the README beside this
package's parent for what the format knowledge rests on."""
