package render

import "strings"

// chunkSize is how much styled output is written into one buffer before
// the next row starts a new one. Rows are cut from the buffers without
// copying, and a full buffer is never copied into a bigger one, so a 150 MB
// rendering costs 150 MB rather than the several times more that growing a
// single buffer would churn through.
const chunkSize = 1 << 20

// lineBuilder collects styled rows, hard-wrapping at width. Rows are
// recorded as offsets into the current chunk and cut from it when it is
// sealed: a million rows cost a few buffers and one slice, not a million
// concatenations.
type lineBuilder struct {
	b     strings.Builder
	ends  []int // ends of the current chunk's rows
	rows  []string
	col   int
	width int
	// cur is the span left open: adjacent tokens in one style ("]," or a
	// run of brackets) share one pair of codes, closed at the row's end.
	cur *span
}

func newLineBuilder(width, sizeHint int) *lineBuilder {
	lb := &lineBuilder{width: width}
	lb.b.Grow(min(sizeHint, chunkSize) + 1024)
	lb.rows = make([]string, 0, sizeHint/16+1)
	return lb
}

// newline ends the current row; a full chunk is sealed at a row boundary,
// so no row straddles two chunks.
func (lb *lineBuilder) newline() {
	lb.switchTo(nil)
	lb.ends = append(lb.ends, lb.b.Len())
	lb.col = 0
	if lb.b.Len() >= chunkSize {
		lb.seal()
		lb.b.Grow(chunkSize + 1024)
	}
}

// seal cuts the current chunk's rows and starts an empty chunk.
func (lb *lineBuilder) seal() {
	s := lb.b.String()
	start := 0
	for _, end := range lb.ends {
		lb.rows = append(lb.rows, s[start:end])
		start = end
	}
	lb.ends = lb.ends[:0]
	lb.b = strings.Builder{}
}

// switchTo closes the open span and opens sp, unless sp is already open.
// Spans that are not a plain prefix and suffix are rendered whole by write
// and never left open.
func (lb *lineBuilder) switchTo(sp *span) {
	if sp == lb.cur {
		return
	}
	if lb.cur != nil {
		lb.b.WriteString(lb.cur.close)
	}
	lb.cur = nil
	if sp != nil && sp.inline {
		lb.b.WriteString(sp.open)
		lb.cur = sp
	}
}

// write appends one piece of a row in sp's style.
func (lb *lineBuilder) write(sp *span, text string) {
	lb.switchTo(sp)
	if sp.inline {
		lb.b.WriteString(text)
	} else {
		lb.b.WriteString(sp.render(text))
	}
}

// put writes text in a style, breaking it across rows where it passes the
// width; each piece is styled on its own so every row stands alone. ascii
// promises text is printable ASCII, whose width is its length.
func (lb *lineBuilder) put(sp *span, text string, ascii bool) {
	if lb.width <= 0 || (ascii && lb.col+len(text) <= lb.width) {
		lb.write(sp, text)
		lb.col += len(text)
		return
	}
	for text != "" {
		head, w := fit(text, lb.width-lb.col)
		if head == "" {
			if lb.col > 0 {
				lb.newline()
				continue
			}
			// One cluster wider than the whole width: it gets a row anyway.
			n, cw := step(text, 0)
			head, w = text[:n], cw
		}
		lb.write(sp, head)
		lb.col += w
		text = text[len(head):]
		if text != "" {
			lb.newline()
		}
	}
}

// lines ends the last row and returns all rows.
func (lb *lineBuilder) lines() []string {
	lb.switchTo(nil)
	lb.ends = append(lb.ends, lb.b.Len())
	lb.seal()
	return lb.rows
}
