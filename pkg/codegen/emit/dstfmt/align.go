package dstfmt

import "unicode/utf8"

// A table holds consecutive lines that gofmt aligns in columns: struct fields, keyed elements of
// a composite literal, the specs of a const or var group. Each row has cells (each padded to
// its column's width) and a tail written after them. Columns follow the tabwriter's rule:
// a column block is a run of adjacent rows that have a cell in that column; its width is the
// widest cell plus one, or nothing when all its cells are empty.
type table struct {
	rows []row
}

type row struct {
	cells []string
	tail  string
}

func (t *table) add(cells []string, tail string) {
	t.rows = append(t.rows, row{cells: cells, tail: tail})
}

// flush writes the rows at the printer's indentation and empties the table. Anything other
// than a row (a comment, a blank line, an element over several lines, a section break) must
// flush the table before it is written.
func (t *table) flush(p *printer) {
	if len(t.rows) == 0 {
		return
	}
	widths := make([][]int, len(t.rows))
	for i, r := range t.rows {
		widths[i] = make([]int, len(r.cells))
	}
	t.widths(0, len(t.rows), 0, widths)
	for i, r := range t.rows {
		p.tabs()
		start := len(p.out)
		for j, c := range r.cells {
			p.out = append(p.out, c...)
			for n := utf8.RuneCountInString(c); n < widths[i][j]; n++ {
				p.out = append(p.out, ' ')
			}
		}
		p.out = append(p.out, r.tail...)
		// The printer leaves no trailing blanks (an empty tail after padded cells).
		for len(p.out) > start && p.out[len(p.out)-1] == ' ' {
			p.out = p.out[:len(p.out)-1]
		}
		p.newline()
	}
	t.rows = t.rows[:0]
}

// widths sets the width of column col in rows lo..hi, block by block, then of the columns
// right of it within each block.
func (t *table) widths(lo, hi, col int, widths [][]int) {
	for this := lo; this < hi; {
		if col >= len(t.rows[this].cells) {
			this++
			continue
		}
		start, width, empty := this, 0, true
		for ; this < hi && col < len(t.rows[this].cells); this++ {
			n := utf8.RuneCountInString(t.rows[this].cells[col])
			width = max(width, n+1)
			empty = empty && n == 0
		}
		if empty {
			width = 0
		}
		for r := start; r < this; r++ {
			widths[r][col] = width
		}
		t.widths(start, this, col+1, widths)
	}
}
