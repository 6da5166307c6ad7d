import RenderCore

/// The named character references HTML5 decodes and libxml2 2.9 does not: every name of the
/// HTML standard's table (ending in `;`) that HTML 4 lacks, and the legacy names a browser also
/// decodes without their `;` (`&copy`, `&AMP`): RenderCore's `HTMLNamedReferences`, the
/// standard's whole table, less what libxml2 decodes itself.
enum NamedCharacterReferences {
  /// The table: name (with its `;` when the name needs one) → text.
  static let table: [String: String] = HTMLNamedReferences.table.filter { name, _ in
    !(name.hasSuffix(";") && html4Names.contains(String(name.dropLast())))
  }

  /// The HTML 4 names (without `;`), which libxml2 decodes itself when `;` follows.
  static let html4Names: Set<String> = Set(html4Source.split(separator: " ").map(String.init))

  /// The longest name in the table.
  static let longestName = HTMLNamedReferences.longestName

  private static let html4Source = """
    AElig Aacute Acirc Agrave Alpha Aring Atilde Auml Beta Ccedil Chi Dagger Delta ETH Eacute \
    Ecirc Egrave Epsilon Eta Euml Gamma Iacute Icirc Igrave Iota Iuml Kappa Lambda Mu Ntilde \
    Nu OElig Oacute Ocirc Ograve Omega Omicron Oslash Otilde Ouml Phi Pi Prime Psi Rho Scaron \
    Sigma THORN Tau Theta Uacute Ucirc Ugrave Upsilon Uuml Xi Yacute Yuml Zeta aacute acirc \
    acute aelig agrave alefsym alpha amp and ang apos aring asymp atilde auml bdquo beta \
    brvbar bull cap ccedil cedil cent chi circ clubs cong copy crarr cup curren dArr dagger \
    darr deg delta diams divide eacute ecirc egrave empty emsp ensp epsilon equiv eta eth euml \
    euro exist fnof forall frac12 frac14 frac34 frasl gamma ge gt hArr harr hearts hellip \
    iacute icirc iexcl igrave image infin int iota iquest isin iuml kappa lArr lambda lang \
    laquo larr lceil ldquo le lfloor lowast loz lrm lsaquo lsquo lt macr mdash micro middot \
    minus mu nabla nbsp ndash ne ni not notin nsub ntilde nu oacute ocirc oelig ograve oline \
    omega omicron oplus or ordf ordm oslash otilde otimes ouml para part permil perp phi pi \
    piv plusmn pound prime prod prop psi quot rArr radic rang raquo rarr rceil rdquo real reg \
    rfloor rho rlm rsaquo rsquo sbquo scaron sdot sect shy sigma sigmaf sim spades sub sube \
    sum sup sup1 sup2 sup3 supe szlig tau there4 theta thetasym thinsp thorn tilde times trade \
    uArr uacute uarr ucirc ugrave uml upsih upsilon uuml weierp xi yacute yen yuml zeta zwj \
    zwnj
    """
}
