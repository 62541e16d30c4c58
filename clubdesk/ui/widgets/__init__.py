"""Widgets more than one page uses: the table map, money and dates, a form's rows, a refund's
fields, and the form dialog every OK/Cancel question is made from."""
