package golang

import (
	"sync"

	"github.com/dave/dst"
)

// The builders make tens of millions of small dst nodes over the whole corpus, each its own
// allocation and object for the garbage collector, though a file's nodes all die together once
// it is printed. Handing them out from arrays made a batch at a time does the allocator's and
// the collector's per-object work once per batch. A batch lives as long as any node in it;
// since trees die whole, that keeps at most a batch's worth of some other file alive.

// slabSize keeps a batch of the largest node below the allocator's large-object size.
const slabSize = 128

// slab is the rest of one batch.
type slab[T any] struct{ free []T }

// slabs hands out nodes of type T; a pool keeps one batch per processor without locking.
type slabs[T any] struct{ pool sync.Pool }

func (s *slabs[T]) new() *T {
	b, _ := s.pool.Get().(*slab[T])
	if b == nil {
		b = new(slab[T])
	}
	if len(b.free) == 0 {
		b.free = make([]T, slabSize)
	}
	n := &b.free[0]
	b.free = b.free[1:]
	s.pool.Put(b)
	return n
}

var (
	idents     slabs[dst.Ident]
	selectors  slabs[dst.SelectorExpr]
	calls      slabs[dst.CallExpr]
	assigns    slabs[dst.AssignStmt]
	stars      slabs[dst.StarExpr]
	unaries    slabs[dst.UnaryExpr]
	binaries   slabs[dst.BinaryExpr]
	fields     slabs[dst.Field]
	fieldLists slabs[dst.FieldList]
	blocks     slabs[dst.BlockStmt]
	ifs        slabs[dst.IfStmt]
	returnsOf  slabs[dst.ReturnStmt]
	keyValues  slabs[dst.KeyValueExpr]
	basicLits  slabs[dst.BasicLit]
)

// cp copies an expression: a dst node may appear only once in a tree. The plain names and
// selections most copies are get batch-made nodes; anything else, or anything decorated, is
// dst.Clone's.
func cp(x dst.Expr) dst.Expr {
	switch x := x.(type) {
	case *dst.Ident:
		if x.Obj == nil && undecorated(x.Decs.NodeDecs) && len(x.Decs.X) == 0 {
			n := idents.new()
			n.Name, n.Path = x.Name, x.Path
			return n
		}
	case *dst.SelectorExpr:
		if undecorated(x.Decs.NodeDecs) && len(x.Decs.X) == 0 {
			if sel, ok := cp(x.Sel).(*dst.Ident); ok {
				n := selectors.new()
				n.X, n.Sel = cp(x.X), sel
				return n
			}
		}
	case *dst.StarExpr:
		if undecorated(x.Decs.NodeDecs) && len(x.Decs.Star) == 0 {
			n := stars.new()
			n.X = cp(x.X)
			return n
		}
	}
	return dst.Clone(x).(dst.Expr)
}

func undecorated(d dst.NodeDecs) bool {
	return d.Before == dst.None && d.After == dst.None && len(d.Start) == 0 && len(d.End) == 0
}
