package schemaform

import (
	"errors"
	"strconv"
)

func asSyntax(err error, target **SyntaxError) bool { return errors.As(err, target) }

func itoa(i int) string { return strconv.Itoa(i) }
