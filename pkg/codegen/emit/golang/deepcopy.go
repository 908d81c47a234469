package golang

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/armgen/armgen/pkg/astmodel"
)

// deepCopyFileName follows controller-gen's name, so that tools and reviewers that skip
// generated deepcopy code recognise ours.
const deepCopyFileName = "zz_generated.deepcopy.go"

// copyField is a struct field as far as copying is concerned.
type copyField struct {
	name string
	t    astmodel.Type
}

// copyTarget is a struct type that gets deepcopy methods.
type copyTarget struct {
	name   string
	fields []copyField
	// root types are Kubernetes objects, which also need DeepCopyObject.
	root bool
}

// deepCopyText writes the deepcopy methods of every struct type of the package, in name order,
// as Go source formatted as gofmt would: nothing for a package without struct types.
//
// These methods are a third of all the code a whole-corpus run generates and follow a handful of
// fixed patterns, so they are written as text rather than built as syntax trees and printed,
// which costs several times as much. TestFilesAreFormattedAndMarked holds the text to gofmt, and
// the goldens to what the syntax trees printed.
func (fb *fileBuilder) deepCopyText(w *goText, pkgDefs astmodel.Definitions) error {
	var targets []copyTarget
	for _, def := range pkgDefs.Sorted() {
		switch t := def.Type.(type) {
		case *astmodel.ObjectType:
			fields := make([]copyField, 0, len(t.Properties()))
			for _, p := range t.Properties() {
				fields = append(fields, copyField{p.Name, p.Type})
			}
			targets = append(targets, copyTarget{name: def.Name.Name, fields: fields})
		case *astmodel.ResourceType:
			kind := def.Name.Name
			targets = append(targets,
				copyTarget{name: kind, root: true, fields: []copyField{
					{"TypeMeta", astmodel.TypeMetaType},
					{"ObjectMeta", astmodel.ObjectMetaType},
					{"Spec", t.Spec},
					{"Status", t.Status},
				}},
				copyTarget{name: listName(kind), root: true, fields: []copyField{
					{"TypeMeta", astmodel.TypeMetaType},
					{"ListMeta", astmodel.ListMetaType},
					{"Items", astmodel.ArrayType{Element: def.Name}},
				}})
		}
	}
	slices.SortFunc(targets, func(a, b copyTarget) int { return cmp.Compare(a.name, b.name) })

	for _, target := range targets {
		if err := fb.deepCopyMethods(w, target); err != nil {
			return fmt.Errorf("deepcopy of %s: %w", target.name, err)
		}
	}
	return nil
}

// deepCopyMethods writes DeepCopyInto, DeepCopy and, for root types, DeepCopyObject, with the
// semantics controller-gen gives them.
func (fb *fileBuilder) deepCopyMethods(w *goText, target copyTarget) error {
	name := target.name
	w.decl("DeepCopyInto copies the receiver into out so that the two share no memory. in must not be nil.")
	w.open("func (in *%s) DeepCopyInto(out *%s)", name, name)
	w.line("*out = *in")
	for _, f := range target.fields {
		if err := fb.fieldCopy(w, f); err != nil {
			return fmt.Errorf("%s: %w", f.name, err)
		}
	}
	w.close()

	w.decl("DeepCopy returns a copy of the receiver that shares no memory with it, or nil for nil.")
	w.open("func (in *%s) DeepCopy() *%s", name, name)
	w.open("if in == nil")
	w.line("return nil")
	w.close()
	w.line("out := new(%s)", name)
	w.line("in.DeepCopyInto(out)")
	w.line("return out")
	w.close()

	if target.root {
		w.decl("DeepCopyObject returns a deep copy as a runtime.Object, which is how Kubernetes clients and caches copy objects.")
		w.open("func (in *%s) DeepCopyObject() %s", name, fb.qualifiedText(astmodel.RuntimePackage, "Object"))
		// Returning c unconditionally would turn a nil *T into a non-nil interface.
		w.open("if c := in.DeepCopy(); c != nil")
		w.line("return c")
		w.close()
		w.line("return nil")
		w.close()
	}
	return nil
}

// fieldCopy writes what finishes copying one field after "*out = *in" copied its top level.
func (fb *fileBuilder) fieldCopy(w *goText, f copyField) error {
	s, err := fb.shapeOf(f.t)
	if err != nil {
		return err
	}
	switch s.kind {
	case byValue:
		return nil
	case byMethod:
		w.line("in.%s.DeepCopyInto(&out.%s)", f.name, f.name)
		return nil
	}
	// Shadowing in and out with pointers to the field lets every level of nesting use the same
	// statements, whatever the depth.
	w.open("if in.%s != nil", f.name)
	w.line("in, out := &in.%s, &out.%s", f.name, f.name)
	if err := fb.copyReferenced(w, s); err != nil {
		return err
	}
	w.close()
	return nil
}

// copyReferenced writes statements that copy *in into *out, where in and out point to a
// non-nil pointer, slice or map of shape s.
func (fb *fileBuilder) copyReferenced(w *goText, s copyShape) error {
	es, err := fb.shapeOf(s.elem)
	if err != nil {
		return err
	}
	switch s.kind {
	case pointerCopy:
		elem, err := fb.typeText(s.elem)
		if err != nil {
			return err
		}
		w.line("*out = new(%s)", elem)
		switch es.kind {
		case byValue:
			w.line("**out = **in")
		case byMethod:
			w.line("(*in).DeepCopyInto(*out)")
		default:
			w.open("if **in != nil")
			w.line("in, out := *in, *out")
			if err := fb.copyReferenced(w, es); err != nil {
				return err
			}
			w.close()
		}
		return nil

	case sliceCopy:
		if err := fb.makeLike(w, s); err != nil {
			return err
		}
		switch es.kind {
		case byValue:
			w.line("copy(*out, *in)")
		case byMethod:
			w.open("for i := range *in")
			w.line("(*in)[i].DeepCopyInto(&(*out)[i])")
			w.close()
		default:
			w.open("for i := range *in")
			w.open("if (*in)[i] != nil")
			w.line("in, out := &(*in)[i], &(*out)[i]")
			if err := fb.copyReferenced(w, es); err != nil {
				return err
			}
			w.close()
			w.close()
		}
		return nil

	case mapCopy:
		if err := fb.makeLike(w, s); err != nil {
			return err
		}
		w.open("for key, val := range *in")
		switch es.kind {
		case byValue:
			w.line("(*out)[key] = val")
		case byMethod:
			w.line("(*out)[key] = *val.DeepCopy()")
		default:
			valueType, err := fb.typeText(s.elem)
			if err != nil {
				return err
			}
			w.line("var outVal %s", valueType)
			w.open("if val != nil")
			w.line("in, out := &val, &outVal")
			if err := fb.copyReferenced(w, es); err != nil {
				return err
			}
			w.close()
			w.line("(*out)[key] = outVal")
		}
		w.close()
		return nil
	}
	return fmt.Errorf("cannot copy through %v", s.kind)
}

// makeLike allocates *out as a slice or map of *in's length and type.
func (fb *fileBuilder) makeLike(w *goText, s copyShape) error {
	t, err := fb.typeText(s.written)
	if err != nil {
		return err
	}
	w.line("*out = make(%s, len(*in))", t)
	return nil
}
