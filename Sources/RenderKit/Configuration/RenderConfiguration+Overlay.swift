import RenderCore

extension RenderConfiguration {
  /// This configuration with the settings of `value`, an object of `render.json`'s shape, set
  /// over it: each key read through its ``RenderSetting`` or ``RenderSwitch``, and the keys
  /// `value` does not have left as they are. `source` names the object in messages.
  ///
  /// `render.json` is this over the defaults; a record of `render batch` is this over the
  /// command line's configuration.
  package func overlaid(with value: JSONValue, source: String) throws(RenderError)
    -> RenderConfiguration
  {
    // The keys in the table's order; settings under `options` share that one key, with the
    // switches.
    var keys: [String] = []
    for setting in RenderSetting.all {
      let key = setting.object.isEmpty ? setting.key : setting.object
      if !keys.contains(key) { keys.append(key) }
    }
    let reader = try ConfigurationReader(value, source: source, validKeys: keys)
    let origin = RenderSetting.Origin(file: source)
    var configuration = self
    for key in keys {
      if let setting = RenderSetting.all.first(where: { $0.key == key }) {
        try reader.apply(setting, to: &configuration, from: origin)
      } else if let object = reader.value(key) {
        let settings = RenderSetting.all.filter { $0.object == key }
        let switches = key == "options" ? RenderSwitch.all : []
        let objectReader = try ConfigurationReader(
          object, source: source, path: key,
          validKeys: switches.map(\.key) + settings.map(\.name))
        for entry in switches {
          if let isOn = try objectReader.bool(entry.key) {
            configuration.options[keyPath: entry.option] = isOn
          }
        }
        for setting in settings {
          try objectReader.apply(setting, to: &configuration, from: origin)
        }
      }
    }
    return configuration
  }
}
