// Package form is the interactive editor for a schemaform.Form: one level of
// the value tree at a time, a breadcrumb to show where that level is, and a
// huh field as the editing widget of the focused row only.
//
// It is the only package of toolbench that imports huh. huh.Form is not
// used for the tree: its fields are fixed when it is built, while a tool's
// arguments grow and shrink (list items, map entries, variants). Instead the
// Model keeps its own rows and navigation and drives single huh fields
// directly (Focus, Update, View, Blur), bound to values the Model owns and
// copied into the schemaform nodes as the person types. Every other row is
// static text, so a form with a thousand fields stays fast.
//
// The Model holds no values of its own: everything lives in the
// schemaform.Form it edits, so a new Model for the same Form (after a
// reconnect, say) shows everything that was entered.
//
// # Preview
//
// PreviewView shows the arguments as JSON the way they will be sent,
// following the focus: the lines around the focused field's value, that
// value marked in a one-cell gutter; a field left out shows, unmarked,
// where it would go. It is drawn in Update, when the arguments, the width
// or the focus change, never in View (SetPreviewSize sets its room).
//
// # Keys
//
// Moving: up/down and tab/shift+tab between rows, pgup/pgdown/home/end;
// enter or right opens a subform, list, map or variant, or starts editing
// a value; esc leaves a field, goes up a level, and at the top returns
// ActionBack. Typing or pasting on a text or number row starts editing it;
// in a field opened on its default, the first typed key or paste replaces
// the default, any other key edits it.
//
// Text: a string is edited on one line (enter ends the edit, never storing
// a newline) or in a text area (enter starts a new line, esc ends the
// edit), as the schema suggests; ctrl+l switches between the two, and
// pasting text with newlines into a one-line field makes it a text area.
//
// Values: left/right cycle an enum and switch a variant; space and
// left/right flip a boolean; enter opens an enum's list or a multi-select's
// ticks. ctrl+u leaves the field out of the arguments (required ones too:
// omitting one is a test worth running), ctrl+n sends null where the
// schema allows it, ctrl+r switches between the form and the JSON text of
// the field. The JSON editor starts with its text selected: the first key
// typed or text pasted replaces it, a movement key keeps it to edit. JSON
// text that does not parse is sent as a string, never silently: it is an
// issue at its field, the preview marks it and ctrl+s's question names it.
//
// Unions: each variant keeps its values while others are explored, and
// only the chosen one is sent. Text typed into a scalar variant that does
// not fit it moves to the first variant that takes it (x typed into
// ‹integer› of integer|string goes on as ‹string›) and back to the variant
// the edit began on as soon as the text fits it again; a variant chosen on
// purpose keeps text that it takes (12 in ‹string› stays a string).
//
// Defaults: opening a subform sets none of its optional fields; the
// schema's default is shown beside the field and as the input's
// placeholder, and ctrl+f fills it in (without a default, ctrl+f sets the
// kind's empty value: "", false, {} or []). Opening a subform, list or
// variant that had no value and leaving it untouched leaves it without one:
// looking changes nothing.
//
// Lists and maps: ctrl+a adds an item (opened when it is a container) or
// asks for a new entry's key, ctrl+d deletes the item or extra entry,
// alt+up/alt+down reorder items.
//
// Whole form: ctrl+e fills every field with an example, ctrl+o only the
// required ones; ctrl+g edits all the arguments as one JSON text, applied
// through the form's lossless JSON tree on esc (text that is not a JSON
// object stays in the editor with the reason; ctrl+x discards it); ctrl+s
// validates and returns ActionSubmit, or shows the
// problems beside the fields and asks "send anyway? (y/n)" above a list of
// them by JSON pointer: y returns ActionSubmitInvalid, enter moves the
// focus to the chosen problem's field.
package form
