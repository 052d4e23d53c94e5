package schemaform

import (
	"regexp"
	"strings"
)

// numberPrefix matches a JSON number and every text on the way to one
// ("-", "1.", "1e-"), so a number being typed is not mistaken for text.
var numberPrefix = regexp.MustCompile(`^(-|-?(0|[1-9][0-9]*)(\.[0-9]*)?([eE][+-]?[0-9]*)?)$`)

// AcceptsText reports whether typed text can become a value of a scalar
// shape: any text for a string, a number (or the start of one) for a
// number, a whole number (or the start of one) for an integer. Constraints
// such as bounds and patterns are not considered: they are errors to show,
// not a reason to change the type. Other kinds are not typed and take no
// text.
func (s *Shape) AcceptsText(text string) bool {
	t := strings.TrimSpace(text)
	switch s.Kind {
	case KindString:
		return true
	case KindNumber:
		return numberPrefix.MatchString(t)
	case KindInteger:
		if !numberPrefix.MatchString(t) {
			return false
		}
		// A complete literal must be whole; "1." may still become 1.0.
		complete := t != "-" && !strings.HasSuffix(t, ".") && !strings.ContainsAny(t[len(t)-1:], "eE+-")
		return !complete || isWholeNumber(t)
	}
	return false
}

// TextVariant returns the variant of a union that typed text belongs to:
// prefer (the variant the person chose) whenever it takes the text, else
// the first variant, in the schema's order, whose scalar type does. It
// returns -1 when none takes it, and for blank text: an emptied field is
// not a choice of type.
//
// So typing x into the integer variant of integer|string moves to string,
// and deleting the x moves back to integer; typing 12 into the string
// variant stays a string, as the person chose a string.
func (s *Shape) TextVariant(text string, prefer int) int {
	if strings.TrimSpace(text) == "" || s.Kind != KindUnion {
		return -1
	}
	if prefer >= 0 && prefer < len(s.Variants) && s.Variants[prefer].Shape.AcceptsText(text) {
		return prefer
	}
	for i, v := range s.Variants {
		if v.Shape.AcceptsText(text) {
			return i
		}
	}
	return -1
}
