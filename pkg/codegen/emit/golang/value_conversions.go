package golang

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
)

// converter writes value conversions as text.
type converter struct {
	fb *fileBuilder
	// what names the property being converted, for error messages.
	what string
}

// fail wraps an error returned by a nested conversion with the property it was converting.
func (c *converter) fail(what string) stmt {
	return simpleStmt("return " + callText(c.fb.qualifiedText(fmtPackage, "Errorf"), strconv.Quote("converting "+what+": %w"), "err"))
}

// check runs a call that returns an error and returns what fails, wrapped.
func (c *converter) check(x, what string) stmt {
	return ifBlock("err := "+x+"; err != nil", c.fail(what))
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

// convert returns statements that set target (an assignable expression) to the conversion of
// src. base names the local variables.
func (c *converter) convert(vc *astmodel.ValueConversion, src, target, base string) ([]stmt, error) {
	if x, ok, err := c.expr(vc, src); ok || err != nil {
		return []stmt{assignStmt(target, x)}, err
	}
	toType, err := c.fb.typeText(vc.To)
	if err != nil {
		return nil, err
	}
	orNil := func(inner ...stmt) []stmt {
		s := ifBlock(src+" != nil", inner...)
		s.elseBody = []stmt{assignStmt(target, "nil")}
		return []stmt{s}
	}
	switch vc.Kind {
	case astmodel.ConvertObject:
		if vc.OnDestination {
			return []stmt{c.check(callText(receiverText(target)+"."+vc.Method, addrOfText(src)), c.what)}, nil
		}
		return []stmt{c.check(callText(receiverText(src)+"."+vc.Method, addrOfText(target)), c.what)}, nil

	case astmodel.ConvertOptional:
		if vc.Element.Kind == astmodel.ConvertAssign {
			return []stmt{assignStmt(target, callText(c.fb.qualifiedText(astmodel.GenRuntimePackage, "ClonePointer"), src))}, nil
		}
		v := base + "Value"
		if x, ok, err := c.expr(vc.Element, derefText(src)); ok || err != nil {
			if err != nil {
				return nil, err
			}
			return orNil(defineStmt(v, x), assignStmt(target, addrText(v))), nil
		}
		elemType, err := c.fb.typeText(vc.Element.To)
		if err != nil {
			return nil, err
		}
		inner, err := c.convert(vc.Element, derefText(src), v, v)
		if err != nil {
			return nil, err
		}
		stmts := append([]stmt{simpleStmt("var " + v + " " + elemType)}, inner...)
		stmts = append(stmts, assignStmt(target, addrText(v)))
		return orNil(stmts...), nil

	case astmodel.ConvertSlice:
		if vc.Element.Kind == astmodel.ConvertAssign {
			return []stmt{assignStmt(target, callText(c.fb.qualifiedText(slicesPackage, "Clone"), src))}, nil
		}
		list, i := base+"List", base+"Index"
		inner, err := c.convert(vc.Element, indexText(src, i), indexText(list, i), base+"Item")
		if err != nil {
			return nil, err
		}
		return orNil(
			defineStmt(list, callText("make", toType, callText("len", src))),
			rangeBlock(i, "", src, inner...),
			assignStmt(target, list),
		), nil

	case astmodel.ConvertMap:
		if vc.Element.Kind == astmodel.ConvertAssign {
			return []stmt{assignStmt(target, callText(c.fb.qualifiedText(mapsPackage, "Clone"), src))}, nil
		}
		m, k, v, e := base+"Map", base+"Key", base+"Value", base+"Item"
		var inner []stmt
		if x, ok, err := c.expr(vc.Element, v); ok || err != nil {
			if err != nil {
				return nil, err
			}
			inner = []stmt{assignStmt(indexText(m, k), x)}
		} else {
			elemType, err := c.fb.typeText(vc.Element.To)
			if err != nil {
				return nil, err
			}
			conv, err := c.convert(vc.Element, v, e, e)
			if err != nil {
				return nil, err
			}
			inner = append([]stmt{simpleStmt("var " + e + " " + elemType)}, conv...)
			inner = append(inner, assignStmt(indexText(m, k), e))
		}
		return orNil(
			defineStmt(m, callText("make", toType, callText("len", src))),
			rangeBlock(k, v, src, inner...),
			assignStmt(target, m),
		), nil
	}
	return nil, fmt.Errorf("cannot render conversion %s", vc)
}

// add stores a property the destination has no field for in the property bag, unless it is
// unset (so that a round trip does not leave entries behind that were never there).
func (c *converter) add(p *astmodel.Property, src string) []stmt {
	put := c.check(callText(bagVar+".Add", strconv.Quote(p.JSONName), src), p.Name)
	zero, ok := c.zero(p.Type)
	if !ok {
		return []stmt{put}
	}
	return []stmt{ifBlock(src+" != "+zero, put)}
}

// pull takes a property the source has no field for out of the property bag, leaving the zero
// value when the bag does not hold it.
func (c *converter) pull(p *astmodel.Property, target string) []stmt {
	var reset stmt
	if zero, ok := c.zero(p.Type); ok {
		reset = assignStmt(target, zero)
	} else {
		t, _ := c.fb.typeText(p.Type)
		reset = assignStmt(target, t+"{}")
	}
	get := ifBlock("_, err := "+callText(bagVar+".Pull", strconv.Quote(p.JSONName), addrText(target))+"; err != nil", c.fail(p.Name))
	return []stmt{reset, get}
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
