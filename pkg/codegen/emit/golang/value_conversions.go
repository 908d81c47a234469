package golang

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
)

// converter writes value conversions as text, straight into w: the statements of a property
// are not built as values first (building them was most of what writing AssignProperties
// allocated). assignMethod knows beforehand how they look (simpleConversion).
type converter struct {
	fb *fileBuilder
	w  *goText
	// what names the property being converted, for error messages.
	what string
}

// fail writes the return of an error of a nested conversion, wrapped with the property it was
// converting.
func (c *converter) fail(what string) {
	c.w.lineOf("return ", c.fb.qualifiedText(fmtPackage, "Errorf"), "(", strconv.Quote("converting "+what+": %w"), ", err)")
}

// check writes a call that returns an error, and the return of what fails, wrapped.
func (c *converter) check(x, what string) {
	c.w.openOf("if err := ", x, "; err != nil")
	c.fail(what)
	c.w.close()
}

// expr renders conversions that are one expression (assignment, cast, deep copy).
func (c *converter) expr(vc *astmodel.ValueConversion, src string) (string, bool, error) {
	switch vc.Kind {
	case astmodel.ConvertAssign:
		return src, true, nil
	case astmodel.ConvertCast:
		t, err := c.fb.typeText(vc.To)
		if err != nil {
			return "", false, err
		}
		if strings.HasPrefix(t, "*") {
			t = "(" + t + ")" // a conversion to a pointer type: (*T)(x)
		}
		return callText(t, src), true, nil
	case astmodel.ConvertDeepCopy:
		return derefText(receiverText(src) + ".DeepCopy()"), true, nil
	}
	return "", false, nil
}

// simpleConversion reports whether convert writes vc as one plain assignment (not a block).
func simpleConversion(vc *astmodel.ValueConversion) bool {
	switch vc.Kind {
	case astmodel.ConvertAssign, astmodel.ConvertCast, astmodel.ConvertDeepCopy:
		return true
	case astmodel.ConvertOptional, astmodel.ConvertSlice, astmodel.ConvertMap:
		return vc.Element.Kind == astmodel.ConvertAssign
	}
	return false
}

// convert writes statements that set target (an assignable expression) to the conversion of
// src. base names the local variables. What it wrote is incomplete when it fails.
func (c *converter) convert(vc *astmodel.ValueConversion, src, target, base string) error {
	w := c.w
	if x, ok, err := c.expr(vc, src); ok || err != nil {
		if err == nil {
			w.lineOf(target, " = ", x)
		}
		return err
	}
	toType, err := c.fb.typeText(vc.To)
	if err != nil {
		return err
	}
	// orNil opens "if src != nil"; elseNil closes it with target = nil otherwise.
	orNil := func() { w.openOf("if ", src, " != nil") }
	elseNil := func() {
		w.depth--
		w.lineOf("} else {")
		w.depth++
		w.lineOf(target, " = nil")
		w.close()
	}
	switch vc.Kind {
	case astmodel.ConvertObject:
		if vc.OnDestination {
			c.check(callText(receiverText(target)+"."+vc.Method, addrOfText(src)), c.what)
		} else {
			c.check(callText(receiverText(src)+"."+vc.Method, addrOfText(target)), c.what)
		}
		return nil

	case astmodel.ConvertOptional:
		if vc.Element.Kind == astmodel.ConvertAssign {
			w.lineOf(target, " = ", c.fb.qualifiedText(astmodel.GenRuntimePackage, "ClonePointer"), "(", src, ")")
			return nil
		}
		v := base + "Value"
		if x, ok, err := c.expr(vc.Element, derefText(src)); ok || err != nil {
			if err != nil {
				return err
			}
			orNil()
			w.lineOf(v, " := ", x)
			w.lineOf(target, " = &", v)
			elseNil()
			return nil
		}
		elemType, err := c.fb.typeText(vc.Element.To)
		if err != nil {
			return err
		}
		orNil()
		w.lineOf("var ", v, " ", elemType)
		if err := c.convert(vc.Element, derefText(src), v, v); err != nil {
			return err
		}
		w.lineOf(target, " = &", v)
		elseNil()
		return nil

	case astmodel.ConvertSlice:
		if vc.Element.Kind == astmodel.ConvertAssign {
			w.lineOf(target, " = ", c.fb.qualifiedText(slicesPackage, "Clone"), "(", src, ")")
			return nil
		}
		list, i := base+"List", base+"Index"
		orNil()
		w.lineOf(list, " := make(", toType, ", len(", src, "))")
		w.openOf("for ", i, " := range ", src)
		if err := c.convert(vc.Element, indexText(src, i), indexText(list, i), base+"Item"); err != nil {
			return err
		}
		w.close()
		w.lineOf(target, " = ", list)
		elseNil()
		return nil

	case astmodel.ConvertMap:
		if vc.Element.Kind == astmodel.ConvertAssign {
			w.lineOf(target, " = ", c.fb.qualifiedText(mapsPackage, "Clone"), "(", src, ")")
			return nil
		}
		m, k, v, e := base+"Map", base+"Key", base+"Value", base+"Item"
		x, ok, err := c.expr(vc.Element, v)
		if err != nil {
			return err
		}
		var elemType string
		if !ok {
			if elemType, err = c.fb.typeText(vc.Element.To); err != nil {
				return err
			}
		}
		orNil()
		w.lineOf(m, " := make(", toType, ", len(", src, "))")
		w.openOf("for ", k, ", ", v, " := range ", src)
		if ok {
			w.lineOf(indexText(m, k), " = ", x)
		} else {
			w.lineOf("var ", e, " ", elemType)
			if err := c.convert(vc.Element, v, e, e); err != nil {
				return err
			}
			w.lineOf(indexText(m, k), " = ", e)
		}
		w.close()
		w.lineOf(target, " = ", m)
		elseNil()
		return nil
	}
	return fmt.Errorf("cannot render conversion %s", vc)
}

// add stores a property the destination has no field for in the property bag, unless it is
// unset (so that a round trip does not leave entries behind that were never there).
func (c *converter) add(p *astmodel.Property, src string) {
	put := callText(bagVar+".Add", strconv.Quote(p.JSONName), src)
	zero, ok := c.zero(p.Type)
	if !ok {
		c.check(put, p.Name)
		return
	}
	c.w.openOf("if ", src, " != ", zero)
	c.check(put, p.Name)
	c.w.close()
}

// pull takes a property the source has no field for out of the property bag, leaving the zero
// value when the bag does not hold it.
func (c *converter) pull(p *astmodel.Property, target string) {
	if zero, ok := c.zero(p.Type); ok {
		c.w.lineOf(target, " = ", zero)
	} else {
		t, _ := c.fb.typeText(p.Type)
		c.w.lineOf(target, " = ", t, "{}")
	}
	c.w.openOf("if _, err := ", bagVar, ".Pull(", strconv.Quote(p.JSONName), ", &", target, "); err != nil")
	c.fail(p.Name)
	c.w.close()
}

// zero returns the zero value of t as a comparable literal, when it has one.
func (c *converter) zero(t astmodel.Type) (string, bool) {
	for range 100 {
		switch x := t.(type) {
		case astmodel.OptionalType, astmodel.ArrayType, astmodel.MapType:
			return "nil", true
		case astmodel.ValidatedType:
			t = x.Element
		case astmodel.EnumType:
			t = x.Base
		case astmodel.PrimitiveType:
			switch x {
			case astmodel.StringType:
				return `""`, true
			case astmodel.BoolType:
				return "false", true
			default:
				return "0", true
			}
		case astmodel.TypeName:
			d, ok := c.fb.defs[x]
			if !ok {
				return "", false
			}
			t = d.Type
		default:
			return "", false
		}
	}
	return "", false
}
